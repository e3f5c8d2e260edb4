import { eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { OPEN_TICKET_STATUSES } from '../../../shared/statuses';
import { FLEET_CHANGE_CATEGORIES, FLEET_RESOURCES } from '../../../shared/audit-categories';
import { customers, subscriptions } from '../../db/schema';
import { literalList } from '../../lib/sql-values';
import { OPEN_TICKET_AGE_DAYS, type HealthSignals } from './rule';

// Staff figures across accounts (docs/server-kit.md "Staff queries across accounts"): the health
// rule's inputs for one account or a batch, each read from the account's own rows by its id.

/** Whole days from a past moment to now, by the database's clock (the one that stamped the rows). */
const daysSince = (column: AnyColumn) =>
  sql<number | null>`floor(extract(epoch from (now() - ${column})) / 86400)::int`;

const signalColumns = {
  id: customers.id,
  failedPayments30d: sql<number>`(select count(*)::int from payments p
    where p.customer_id = ${customers.id} and p.status = 'failed' and p.created_at > now() - interval '30 days')`,
  subscriptionStatus: subscriptions.status,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  periodEnd: subscriptions.currentPeriodEnd,
  trialDaysLeft: sql<
    number | null
  >`case when ${subscriptions.status} = 'trialing' and ${subscriptions.trialEndsAt} is not null
    then ceil(extract(epoch from (${subscriptions.trialEndsAt} - now())) / 86400)::int end`,
  hasCard: sql<boolean>`exists(select 1 from payment_methods pm where pm.customer_id = ${customers.id})`,
  vehicles: sql<number>`(select count(*)::int from vehicles v
    where v.customer_id = ${customers.id} and v.status <> 'retired')`,
  vehicleLimit: customers.carLimit,
  users: sql<number>`1 + (select count(*)::int from team_members tm where tm.customer_id = ${customers.id})`,
  userLimit: customers.userLimit,
  accountAgeDays: daysSince(customers.createdAt),
  daysSinceSignIn: daysSince(customers.lastSignInAt),
  fleetChanged30d: sql<boolean>`exists(select 1 from audit_logs a
    where a.account_id = ${customers.id} and a.created_at > now() - interval '30 days'
      and a.resource_type in ${literalList(FLEET_RESOURCES)} and a.category in ${literalList(FLEET_CHANGE_CATEGORIES)}
      and a.success and a.actor_type = 'customer')`,
  // Tickets still waiting on staff a day after they were opened (docs/support.md).
  openTickets: sql<number>`(select count(*)::int from support_tickets st
    where st.customer_id = ${customers.id} and st.status in ${literalList(OPEN_TICKET_STATUSES)}
      and st.created_at <= now() - interval '${sql.raw(String(OPEN_TICKET_AGE_DAYS))} day')`,
};

/** The select that gathers the signals; callers add the accounts (`where`), a limit and locks. */
export function selectSignals(exec: Executor) {
  return exec
    .select({
      ...signalColumns,
      // What the row holds now, so a refresh that changes nothing writes nothing.
      stored: {
        score: customers.healthScore,
        riskLevel: customers.riskLevel,
        reasons: customers.healthReasons,
        checkedAt: customers.healthCheckedAt,
      },
    })
    .from(customers)
    .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id));
}

type SignalRow = Awaited<ReturnType<typeof selectSignals>>[number];

/** Numbers as numbers whichever driver read them; ages never below 0 (a clock a moment apart). */
export function toSignals(row: SignalRow): HealthSignals & { id: string } {
  return {
    id: row.id,
    failedPayments30d: Number(row.failedPayments30d),
    subscriptionStatus: row.subscriptionStatus,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd === true,
    periodEnd: row.periodEnd,
    trialDaysLeft: row.trialDaysLeft === null ? null : Number(row.trialDaysLeft),
    hasCard: row.hasCard === true,
    vehicles: Number(row.vehicles),
    vehicleLimit: row.vehicleLimit,
    users: Number(row.users),
    userLimit: row.userLimit,
    accountAgeDays: Math.max(0, Number(row.accountAgeDays)),
    daysSinceSignIn: row.daysSinceSignIn === null ? null : Math.max(0, Number(row.daysSinceSignIn)),
    fleetChanged30d: row.fleetChanged30d === true,
    openTickets: Number(row.openTickets),
  };
}

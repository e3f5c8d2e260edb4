import { desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_CUSTOMER_SETTINGS,
  customerSettings as settingsSchema,
  type CustomerProfile,
  type CustomerSettings,
} from '../../../shared/contracts/portal';
import {
  activities,
  auditLogs,
  customerSettings,
  customers,
  invoices,
  paymentMethods,
  payments,
  plans,
  subscriptions,
  teamMembers,
  vehicles,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { inTransaction } from '../../http/request-context';
import { recordAudit } from '../audit';
import { toCustomerIdentity } from '../auth';
import { customerById, subscriptionOf } from '../billing';
import { fleetUsageColumns, usageOf } from '../fleet';
import { CUSTOMER_IDLE_TIMEOUTS, setAccountIdleTimeout } from '../../auth/sessions';
import type { CustomerContext } from '../../http/request-context';

const RECENT_ACTIVITY = 10;

type ActivityJson = { id: string; action: string; description: string; createdAt: string };

/**
 * The portal's profile in one query (with the session lookup, two per request: docs/architecture.md): usage
 * counts and the recent activity come as subselects instead of their own round trips.
 */
export async function customerProfile({ db, account }: CustomerContext): Promise<CustomerProfile> {
  const [row] = await db
    .select({
      customer: customers,
      plan: plans,
      subscription: subscriptions,
      ...fleetUsageColumns(customers.id),
      recent: sql<
        ActivityJson[]
      >`(select coalesce(json_agg(json_build_object('id', a.id, 'action', a.action, 'description', a.description, 'createdAt', a.created_at) order by a.created_at desc), '[]'::json)
        from (select * from ${activities} where ${activities.customerId} = ${customers.id} order by ${activities.createdAt} desc limit ${RECENT_ACTIVITY}) a)`,
    })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
    .where(account.isAccount);
  if (!row) throw notFound('Customer not found');
  const usage = usageOf(row);
  const recent = row.recent;
  const { customer: c, plan, subscription: s } = row;
  return {
    ...toCustomerIdentity(c),
    role: c.role,
    planId: c.planId,
    planName: plan?.name ?? null,
    planPrice: s ? s.priceCents / 100 : plan ? plan.priceCents / 100 : null,
    planInterval: 'month',
    status: c.status,
    subscriptionStatus: s?.status ?? 'none',
    trialEndsAt: s?.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: s?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: s?.cancelAtPeriodEnd ?? false,
    scheduledPlanId: s?.scheduledPlanId ?? null,
    currentCars: usage.vehicles,
    carLimit: plan?.vehicleLimit ?? c.carLimit,
    currentUsers: usage.users,
    userLimit: plan?.userLimit ?? c.userLimit,
    usageStats: {
      vehicleUtilization:
        usage.vehicles === 0 ? 0 : Math.round((usage.activeVehicles / usage.vehicles) * 100),
      activeVehicles: usage.activeVehicles,
      totalVehicles: usage.vehicles,
    },
    recentActivity: recent.map((a) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() })),
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    country: c.country,
    externalAuth: false,
    isPasswordSet: c.isPasswordSet,
    lastPasswordChange: c.lastPasswordChange?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function loadSettings({ account }: CustomerContext): Promise<CustomerSettings> {
  const [row] = await account.select(customerSettings);
  const parsed = settingsSchema.partial().safeParse(row?.settings ?? {});
  return { ...DEFAULT_CUSTOMER_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function saveSettings(
  ctx: CustomerContext,
  settings: CustomerSettings,
  mode: 'auto' | 'manual',
): Promise<CustomerSettings> {
  const customerId = ctx.accountId;
  return inTransaction(ctx, async (tx) => {
    const before = await loadSettings(tx);
    await tx.account.insert(customerSettings, { settings }).onConflictDoUpdate({
      target: customerSettings.customerId,
      set: { settings, updatedAt: tx.clock.now() },
    });
    const changed = Object.fromEntries(
      Object.entries(settings).filter(([k, v]) => before[k as keyof CustomerSettings] !== v),
    );
    // The server enforces the timeout: every open session of the account takes the saved one now.
    // Even when the setting looks unchanged: `before` is read without a lock, and a session signed in
    // while an earlier save ran (or before sessions had idle timeouts) may hold another value.
    await setAccountIdleTimeout(tx.db, customerId, CUSTOMER_IDLE_TIMEOUTS[settings.sessionTimeout]);
    await recordAudit(tx.db, tx.actor, {
      action: 'update',
      resourceType: 'settings',
      resourceId: customerId,
      oldValues: Object.fromEntries(
        Object.keys(changed).map((k) => [k, before[k as keyof CustomerSettings]]),
      ),
      newValues: { ...changed, mode },
    });
    return settings;
  });
}

/** Everything we hold about the customer, as one JSON document (Download Data). */
export async function exportCustomerData(ctx: CustomerContext) {
  const { db, account: mine, accountId: customerId } = ctx;
  const customer = await customerById(db, customerId);
  const { passwordHash: _hash, ...account } = customer;
  const [subscription, cards, allInvoices, allPayments, settings, fleet, team, activity, audit] =
    await Promise.all([
      subscriptionOf(db, customerId),
      mine.select(paymentMethods),
      mine.select(invoices).orderBy(desc(invoices.issuedAt)),
      mine.select(payments).orderBy(desc(payments.createdAt)),
      mine.select(customerSettings),
      mine.select(vehicles),
      db
        .select({
          id: teamMembers.id,
          email: teamMembers.email,
          firstName: teamMembers.firstName,
          lastName: teamMembers.lastName,
          role: teamMembers.role,
          createdAt: teamMembers.createdAt,
        })
        .from(teamMembers)
        .where(mine.where(teamMembers)),
      mine.select(activities).orderBy(desc(activities.createdAt)),
      // The audit trail is not an owned table: the account's rows are the ones it made or names.
      db
        .select()
        .from(auditLogs)
        .where(
          sql`${auditLogs.actorId} = ${customerId} or (${auditLogs.resourceType} = 'customer' and ${auditLogs.resourceId} = ${customerId})`,
        )
        .orderBy(desc(auditLogs.createdAt))
        .limit(5000),
    ]);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    account,
    subscription: subscription ?? null,
    paymentMethods: cards.map(({ providerRef: _ref, ...card }) => card),
    invoices: allInvoices,
    payments: allPayments.map(({ idempotencyKey: _key, ...p }) => p),
    settings: settings[0] ?? null,
    vehicles: fleet,
    teamMembers: team,
    activity,
    auditTrail: audit,
  };
}

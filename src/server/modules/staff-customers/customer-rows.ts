import { and, count, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { RISK_LEVELS, type RiskLevel, type StaffCustomer } from '../../../shared/contracts/staff-customers';
import { CUSTOMER_STATUSES, type CustomerStatus } from '../../../shared/statuses';
import { featureAccessOf } from '../../../shared/feature-access';
import type { Executor } from '../../db/client';
import { customers, plans, staffUsers, subscriptions, teamMembers, vehicles } from '../../db/schema';
import { countedVehicle, usersOf } from '../fleet';
import { staffNameOf } from '../team';
import { paysForPlan } from '../../../shared/statuses';

// Staff read every account: this module is the one place that builds the staff view of a customer
// (server-kit "Staff queries across accounts"), for the list, the export and the dialogs alike.

/** The columns a sort orders by, on `customers` itself or on the page picked from it. */
export type SortColumns = Record<'companyName' | 'createdAt' | 'healthScore' | 'id', SQLWrapper>;
/** The ORDER BY of a sort, on either. */
export type RowOrder = (columns: SortColumns) => SQL[];

const { passwordHash: _hash, searchText: _search, ...customerColumns } = getTableColumns(customers);

/**
 * The staff view of the customers that `where` picks, in `order`, `limit` of them after `offset`.
 * The page is picked first on `customers` alone, whole rows (its indexes serve the filter and the
 * order, and it is read once), and only that page's rows are joined to their plan and subscription
 * and counted (vehicles and team members, through lateral subqueries on their customer indexes), so
 * the cost follows the page size, not the table.
 */
export function customerRows(
  exec: Executor,
  page: {
    where: SQL | undefined;
    order: RowOrder;
    limit: number;
    offset?: number;
    /** The sort key as text, answered as `cursor` (where the export's next batch starts). */
    cursor?: SQL<string>;
  },
) {
  const picked = exec
    .select({ ...customerColumns, cursor: (page.cursor ?? sql<string>`''`).as('cursor') })
    .from(customers)
    .where(page.where)
    .orderBy(...page.order(customers))
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .as('picked');
  // The subscription (one per account) as a lateral with LIMIT, which the planner cannot turn into
  // a hash join over every subscription when the page is a 1,000-row export batch.
  const subscription = exec
    .select({
      status: subscriptions.status,
      priceCents: subscriptions.priceCents,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, picked.id))
    .limit(1)
    .as('subscription');
  const cars = exec
    .select({ n: count().as('cars') })
    .from(vehicles)
    .where(and(eq(vehicles.customerId, picked.id), countedVehicle()))
    .as('cars');
  const team = exec
    .select({ n: count().as('team') })
    .from(teamMembers)
    .where(eq(teamMembers.customerId, picked.id))
    .as('team');
  const fields = Object.fromEntries(
    Object.keys(customerColumns).map((key) => [key, picked[key as keyof typeof customerColumns]]),
  ) as { [K in keyof typeof customerColumns]: (typeof picked)[K] };
  return exec
    .select({
      ...fields,
      cursor: picked.cursor,
      planName: plans.name,
      salesUserName: staffNameOf(staffUsers),
      subscriptionStatus: subscription.status,
      subscriptionPriceCents: subscription.priceCents,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cars: cars.n,
      team: team.n,
    })
    .from(picked)
    .leftJoin(plans, eq(plans.id, picked.planId))
    .leftJoin(staffUsers, eq(staffUsers.id, picked.salesUserId))
    .leftJoinLateral(subscription, sql`true`)
    .leftJoinLateral(cars, sql`true`)
    .leftJoinLateral(team, sql`true`)
    .orderBy(...page.order(picked));
}

export type CustomerRow = Awaited<ReturnType<typeof customerRows>>[number];

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toStaffCustomer(row: CustomerRow): StaffCustomer {
  const subscriptionStatus = row.subscriptionStatus ?? 'none';
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    companyName: row.companyName,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    planId: row.planId,
    planName: row.planName,
    status: oneOf<CustomerStatus>(CUSTOMER_STATUSES, row.status, 'pending'),
    subscriptionStatus,
    accessEndsAt: row.cancelAtPeriodEnd ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    role: row.role,
    carLimit: row.carLimit,
    userLimit: row.userLimit,
    currentCars: Number(row.cars ?? 0),
    currentUsers: usersOf(Number(row.team ?? 0)),
    featureAccess: featureAccessOf(row.featureAccess),
    healthScore: row.healthScore,
    riskLevel: oneOf<RiskLevel>(RISK_LEVELS, row.riskLevel, 'low'),
    healthReasons: row.healthReasons,
    monthlyRecurringRevenue: paysForPlan(subscriptionStatus) ? (row.subscriptionPriceCents ?? 0) / 100 : 0,
    isPasswordSet: row.isPasswordSet,
    lastPasswordChange: row.lastPasswordChange?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    salesUserId: row.salesUserId,
    salesUserName: row.salesUserId ? row.salesUserName : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A customer id as the path gives it: anything that is not a UUID names no customer (404, not 400). */
export const isCustomerId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

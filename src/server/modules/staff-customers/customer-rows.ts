import { and, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_STATUSES,
  RISK_LEVELS,
  featureAccessOf,
  type CustomerStatus,
  type RiskLevel,
  type StaffCustomer,
} from '../../../shared/contracts/staff-customers';
import type { Executor } from '../../db/client';
import { customers, plans, subscriptions, teamMembers, vehicles } from '../../db/schema';
import { countedVehicle, usersOf } from '../fleet/usage';

// Staff read every account: this module is the one place that builds the staff view of a customer
// (server-kit "Staff queries across accounts"), for the list, the export and the dialogs alike.

/** Subscription states in which the customer pays the plan's price every month. */
const PAYING = ['active', 'past_due'];

const carsOf = (exec: Executor) =>
  exec
    .select({ n: count().as('cars') })
    .from(vehicles)
    .where(and(eq(vehicles.customerId, customers.id), countedVehicle()))
    .as('cars');

const teamOf = (exec: Executor) =>
  exec
    .select({ n: count().as('team') })
    .from(teamMembers)
    .where(eq(teamMembers.customerId, customers.id))
    .as('team');

export type RowOrder = SQL[];

/**
 * The staff view of the customers that `where` picks, in `order`, `limit` of them after `offset`.
 * The page is picked first on `customers` alone (its indexes serve the filter and the order), and
 * only that page's rows are joined to their plan and subscription and counted (vehicles and team
 * members, by their customer indexes), so the cost follows the page size, not the table.
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
    .select({ id: customers.id })
    .from(customers)
    .where(page.where)
    .orderBy(...page.order)
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .as('picked');
  const cars = carsOf(exec);
  const team = teamOf(exec);
  const { passwordHash: _hash, searchText: _search, ...columns } = getTableColumns(customers);
  return exec
    .select({
      ...columns,
      planName: plans.name,
      subscriptionStatus: subscriptions.status,
      subscriptionPriceCents: subscriptions.priceCents,
      cars: cars.n,
      team: team.n,
      cursor: page.cursor ?? sql<string>`''`,
    })
    .from(picked)
    .innerJoin(customers, eq(customers.id, picked.id))
    .leftJoin(plans, eq(plans.id, customers.planId))
    .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
    .leftJoinLateral(cars, sql`true`)
    .leftJoinLateral(team, sql`true`)
    .orderBy(...page.order);
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
    role: row.role,
    carLimit: row.carLimit,
    userLimit: row.userLimit,
    currentCars: Number(row.cars ?? 0),
    currentUsers: usersOf(Number(row.team ?? 0)),
    featureAccess: featureAccessOf(row.featureAccess),
    healthScore: row.healthScore,
    riskLevel: oneOf<RiskLevel>(RISK_LEVELS, row.riskLevel, 'low'),
    healthReasons: row.healthReasons,
    monthlyRecurringRevenue: PAYING.includes(subscriptionStatus)
      ? (row.subscriptionPriceCents ?? 0) / 100
      : 0,
    isPasswordSet: row.isPasswordSet,
    lastPasswordChange: row.lastPasswordChange?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A customer id as the path gives it: anything that is not a UUID names no customer (404, not 400). */
export const isCustomerId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

import { sql } from 'drizzle-orm';
import { pageOffset, toPage } from '../../../shared/contracts/common';
import {
  ACTIVE_SIGN_IN_DAYS,
  NEAR_LIMIT_SHARE,
  USAGE_MONTHS,
  type MonthUsage,
  type NearLimitCustomer,
  type PlanUsage,
  type UsageAnalytics,
  type UsageAnalyticsQuery,
} from '../../../shared/contracts/usage-analytics';
import { isoDay } from '../../../shared/days';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { snapshotCache } from '../../db/snapshot-cache';

// Staff queries across every account (docs/server-kit.md "Staff queries across accounts"): usage of
// the product by plan and over time, and the accounts near their plan's limits.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const n = (v: unknown) => Number(v ?? 0);
const share = (used: number, limit: number | null) =>
  limit === null || limit <= 0 ? null : Math.round((used / limit) * 1000) / 1000;

/**
 * Per account: vehicles that count against the plan (not retired), users (the owner plus team
 * members, as modules/fleet/usage.ts counts them), drivers, maintenance records and sign-in emails,
 * each one grouped pass over its table's customer index, and the account's limits as the portal
 * reads them (the plan's, else the account's own).
 */
const perAccount = (activeSince: Date) => sql`
  with v as (select customer_id, count(*) as n from vehicles where status <> 'retired' group by customer_id),
       t as (select customer_id, count(*) as n from team_members group by customer_id),
       d as (select customer_id, count(*) as n from drivers group by customer_id),
       m as (select customer_id, count(*) as n from maintenance_records group by customer_id),
       l as (select customer_id, count(*) as n from customer_logins group by customer_id),
       acct as (
         select c.id, c.company_name, c.email, c.plan_id, c.status, p.name as plan_name,
                coalesce(p.vehicle_limit, c.car_limit) as vehicle_limit,
                coalesce(p.user_limit, c.user_limit) as user_limit,
                coalesce(v.n, 0) as vehicles, 1 + coalesce(t.n, 0) as users, coalesce(d.n, 0) as drivers,
                coalesce(m.n, 0) as maintenance, coalesce(l.n, 0) as logins,
                (c.last_sign_in_at >= ${activeSince.toISOString()}) as active
           from customers c
           left join plans p on p.id = c.plan_id
           left join v on v.customer_id = c.id
           left join t on t.customer_id = c.id
           left join d on d.customer_id = c.id
           left join m on m.customer_id = c.id
           left join l on l.customer_id = c.id
       )`;

type PlanRow = {
  plan_id: string | null;
  plan_name: string | null;
  vehicle_limit: number | null;
  user_limit: number | null;
  customers: string;
  vehicles: string;
  accounts_with_vehicles: string;
  drivers: string;
  accounts_with_drivers: string;
  users: string;
  logins: string;
  active_accounts: string;
  maintenance: string;
};

type LimitRow = {
  id: string;
  company_name: string;
  email: string;
  plan_id: string | null;
  plan_name: string | null;
  status: string;
  vehicles: string;
  vehicle_limit: number | null;
  users: string;
  user_limit: number | null;
  total: string;
};

/** `GET /api/admin/usage-analytics`, kept with the database snapshot it was read after. */
export function usageAnalyticsReader(db: Db, clock: Clock) {
  const cache = snapshotCache<UsageAnalytics>(db, 50);
  return (query: UsageAnalyticsQuery) => {
    const now = clock.now();
    const day = isoDay(now);
    return cache(JSON.stringify({ ...query, day }), () => readUsage(db, query, now));
  };
}

async function readUsage(db: Db, query: UsageAnalyticsQuery, now: Date): Promise<UsageAnalytics> {
  const activeSince = new Date(now.getTime() - ACTIVE_SIGN_IN_DAYS * 86_400_000);
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (USAGE_MONTHS - 1), 1));
  const months = Array.from({ length: USAGE_MONTHS }, (_, i) =>
    new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1))
      .toISOString()
      .slice(0, 7),
  );
  const since = firstMonth.toISOString();
  const monthOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM')`);
  const added = (table: string) =>
    sql`select ${monthOf('created_at')} as month, count(*) as n from ${sql.raw(table)}
         where created_at >= ${since} group by 1`;

  const [plansResult, limitsResult, ...monthly] = await Promise.all([
    db.execute(sql`${perAccount(activeSince)}
      select plan_id, max(plan_name) as plan_name, max(vehicle_limit) as vehicle_limit, max(user_limit) as user_limit,
             count(*) as customers, sum(vehicles) as vehicles, sum(drivers) as drivers, sum(users) as users,
             count(*) filter (where vehicles > 0) as accounts_with_vehicles,
             count(*) filter (where drivers > 0) as accounts_with_drivers,
             sum(logins) as logins, count(*) filter (where active) as active_accounts,
             sum(maintenance) as maintenance
        from acct group by plan_id order by max(vehicle_limit) nulls last, plan_id`),
    db.execute(sql`${perAccount(activeSince)}, near as (
        select acct.*,
               greatest(case when vehicle_limit > 0 then vehicles::numeric / vehicle_limit end,
                        case when user_limit > 0 then users::numeric / user_limit end) as fullest
          from acct
         where status <> 'cancelled'
           and ((vehicle_limit > 0 and vehicles >= ${NEAR_LIMIT_SHARE}::numeric * vehicle_limit)
             or (user_limit > 0 and users >= ${NEAR_LIMIT_SHARE}::numeric * user_limit)))
      select near.*, count(*) over () as total from near
       order by fullest desc, company_name, id
       limit ${query.pageSize} offset ${pageOffset(query)}`),
    db.execute(added('customers')),
    db.execute(added('vehicles')),
    db.execute(added('drivers')),
    db.execute(added('team_members')),
    db.execute(added('maintenance_records')),
  ]);

  const byPlan = rowsOf<PlanRow>(plansResult).map(planUsageOf);
  const [customersAdded, vehiclesAdded, driversAdded, teamAdded, maintenanceAdded] = monthly.map(
    (result) => new Map(rowsOf<{ month: string; n: string }>(result).map((r) => [r.month, n(r.n)])),
  );
  const monthlyUsage: MonthUsage[] = months.map((month) => ({
    month,
    customers: customersAdded?.get(month) ?? 0,
    vehicles: vehiclesAdded?.get(month) ?? 0,
    drivers: driversAdded?.get(month) ?? 0,
    teamMembers: teamAdded?.get(month) ?? 0,
    maintenance: maintenanceAdded?.get(month) ?? 0,
  }));
  const limitRows = rowsOf<LimitRow>(limitsResult);
  const nearLimits = limitRows.map(nearLimitOf);
  const total = limitRows.length > 0 ? n(limitRows[0]!.total) : await countNearLimits(db, activeSince);
  return {
    totals: usageTotals(byPlan),
    byPlan,
    monthly: monthlyUsage,
    nearLimits: toPage(query, nearLimits, total),
  };
}

const planUsageOf = (r: PlanRow): PlanUsage => ({
  planId: r.plan_id,
  planName: r.plan_name ?? (r.plan_id ? r.plan_id : 'No plan'),
  vehicleLimit: r.vehicle_limit === null ? null : n(r.vehicle_limit),
  userLimit: r.user_limit === null ? null : n(r.user_limit),
  customers: n(r.customers),
  vehicles: n(r.vehicles),
  accountsWithVehicles: n(r.accounts_with_vehicles),
  drivers: n(r.drivers),
  accountsWithDrivers: n(r.accounts_with_drivers),
  users: n(r.users),
  logins: n(r.logins),
  activeAccounts: n(r.active_accounts),
  maintenance: n(r.maintenance),
});

/** Every plan's figures added up. */
function usageTotals(byPlan: PlanUsage[]): UsageAnalytics['totals'] {
  return byPlan.reduce(
    (sum, p) => ({
      customers: sum.customers + p.customers,
      vehicles: sum.vehicles + p.vehicles,
      accountsWithVehicles: sum.accountsWithVehicles + p.accountsWithVehicles,
      drivers: sum.drivers + p.drivers,
      accountsWithDrivers: sum.accountsWithDrivers + p.accountsWithDrivers,
      users: sum.users + p.users,
      logins: sum.logins + p.logins,
      activeAccounts: sum.activeAccounts + p.activeAccounts,
      maintenance: sum.maintenance + p.maintenance,
    }),
    {
      customers: 0,
      vehicles: 0,
      accountsWithVehicles: 0,
      drivers: 0,
      accountsWithDrivers: 0,
      users: 0,
      logins: 0,
      activeAccounts: 0,
      maintenance: 0,
    },
  );
}

function nearLimitOf(r: LimitRow): NearLimitCustomer {
  const vehicles = n(r.vehicles);
  const users = n(r.users);
  const vehicleLimit = r.vehicle_limit === null ? null : n(r.vehicle_limit);
  const userLimit = r.user_limit === null ? null : n(r.user_limit);
  return {
    customerId: r.id,
    companyName: r.company_name,
    email: r.email,
    planId: r.plan_id,
    planName: r.plan_name ?? r.plan_id ?? 'No plan',
    status: r.status,
    vehicles,
    vehicleLimit,
    vehicleShare: share(vehicles, vehicleLimit),
    users,
    userLimit,
    userShare: share(users, userLimit),
  };
}

/** The count when the page asked for is past the end (the window count comes with the rows). */
async function countNearLimits(db: Db, activeSince: Date): Promise<number> {
  const result = await db.execute(sql`${perAccount(activeSince)}
    select count(*) as total from acct
     where status <> 'cancelled'
       and ((vehicle_limit > 0 and vehicles >= ${NEAR_LIMIT_SHARE}::numeric * vehicle_limit)
         or (user_limit > 0 and users >= ${NEAR_LIMIT_SHARE}::numeric * user_limit))`);
  return n(rowsOf<{ total: string }>(result)[0]?.total);
}

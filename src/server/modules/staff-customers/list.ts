import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { pageOffset, toPage, type Page } from '../../../shared/contracts/common';
import type {
  CustomerExportQuery,
  CustomerListQuery,
  CustomerSort,
  CustomerStats,
  StaffCustomer,
} from '../../../shared/contracts/staff-customers';
import type { Db } from '../../db/client';
import { keysetOf, sortNamed } from '../../db/keyset-sort';
import { snapshotCache, type SnapshotCache } from '../../db/snapshot-cache';
import { customers, teamMembers, vehicles } from '../../db/schema';
import { likePattern } from '../../lib/sql-like';
import { countedVehicle } from '../fleet';
import { customerRows, toStaffCustomer, type RowOrder, type SortColumns } from './customer-rows';

type Filters = Pick<CustomerExportQuery, 'search' | 'status' | 'risk'>;

/** The list's filters; the export takes the same ones. */
export function customerFilter(query: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(customers.status, query.status));
  if (query.risk) conditions.push(eq(customers.riskLevel, query.risk));
  if (query.search) {
    conditions.push(like(customers.searchText, likePattern(query.search)));
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Each sort as the index that serves it orders rows (`customers_company_idx` on lower(company_name)
 * and id, `customers_health_idx` on health_score and id, the created_at indexes). The key is written
 * over either the table or the page's own columns (customer-rows.ts), so the page and its export order
 * alike.
 */
const SORT_KEYS = {
  companyName: { key: (c: SortColumns) => sql`lower(${c.companyName})`, cast: 'text' },
  createdAt: { key: (c: SortColumns) => sql`${c.createdAt}`, cast: 'timestamptz' },
  healthScore: { key: (c: SortColumns) => sql`${c.healthScore}`, cast: 'integer' },
} as const;

export function sortOf(sort: CustomerSort) {
  const { descending, sortKey } = sortNamed(SORT_KEYS, sort);
  const direction = descending ? desc : asc;
  const onTable = { key: sortKey.key(customers), cast: sortKey.cast };
  return {
    ...keysetOf(onTable, descending, { column: customers.id, cast: 'uuid' }),
    order: ((c) => [direction(sortKey.key(c)), direction(c.id)]) satisfies RowOrder,
  };
}

/**
 * What the customer list keeps until the data changes (`db/snapshot-cache.ts`): whole pages by their
 * query, and counts by their filters (the count reads every matching row, thousands at 100,000
 * customers, and paging through one filter reuses it).
 */
export type KeptCustomerReads = { pages: SnapshotCache<Page<StaffCustomer>>; counts: SnapshotCache<number> };

export const keptCustomerReads = (db: Db): KeptCustomerReads => ({
  pages: snapshotCache(db),
  counts: snapshotCache(db),
});

/** One page of the customers screen and the number of customers the filters match. */
export async function listCustomers(db: Db, query: CustomerListQuery, kept?: KeptCustomerReads) {
  const read = async () => {
    const where = customerFilter(query);
    const countMatches = async () =>
      (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0;
    const filterKey = JSON.stringify([query.search ?? '', query.status ?? '', query.risk ?? '']);
    const [rows, total] = await Promise.all([
      customerRows(db, {
        where,
        order: sortOf(query.sort).order,
        limit: query.pageSize,
        offset: pageOffset(query),
      }),
      kept ? kept.counts(filterKey, countMatches) : countMatches(),
    ]);
    return toPage<StaffCustomer>(query, rows.map(toStaffCustomer), total);
  };
  return kept ? kept.pages(JSON.stringify(query), read) : read();
}

/** The customers screen's stats, over every customer. */
export async function customerStats(db: Db): Promise<CustomerStats> {
  const [[row], [fleet], [team]] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${eq(customers.status, 'active')})`.mapWith(Number),
        atRisk:
          sql<number>`count(*) filter (where ${inArray(customers.riskLevel, ['high', 'critical'])})`.mapWith(
            Number,
          ),
        avgHealthScore: sql<number | null>`round(avg(${customers.healthScore}))`.mapWith((v) =>
          v === null ? null : Number(v),
        ),
      })
      .from(customers),
    // counted as each account's currentCars and currentUsers are (modules/fleet/usage.ts)
    db.select({ n: count() }).from(vehicles).where(countedVehicle()),
    db.select({ n: count() }).from(teamMembers),
  ]);
  const total = row?.total ?? 0;
  return {
    total,
    active: row?.active ?? 0,
    atRisk: row?.atRisk ?? 0,
    avgHealthScore: row?.avgHealthScore ?? null,
    totalVehicles: fleet?.n ?? 0,
    // every account's owner plus its team members
    totalUsers: total + (team?.n ?? 0),
  };
}

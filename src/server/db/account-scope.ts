import { and, count, eq, type SQL } from 'drizzle-orm';
import type {
  PgColumn,
  PgDeleteBase,
  PgInsertBase,
  PgQueryResultHKT,
  PgSelectBase,
  PgUpdateBase,
  PgUpdateSetSource,
} from 'drizzle-orm/pg-core';
import { pageOffset, type PageRequest } from '../../shared/contracts/common';
import type { Executor } from './client';
import {
  activities,
  customerSettings,
  customers,
  drivers,
  invoices,
  maintenanceRecords,
  paymentMethods,
  payments,
  subscriptions,
  supportTickets,
  teamMembers,
  vehicles,
} from './schema';

/**
 * The tables whose rows belong to one customer account, each by its `customer_id` (the isolation
 * test compares an account's rows in every one of them before and after another account's requests).
 */
export const OWNED_TABLES = [
  vehicles,
  drivers,
  maintenanceRecords,
  teamMembers,
  paymentMethods,
  invoices,
  payments,
  customerSettings,
  subscriptions,
  activities,
  supportTickets,
] as const;
export type OwnedTable = (typeof OWNED_TABLES)[number];

type Condition = SQL | undefined;
type NewRow<T extends OwnedTable> = Omit<T['$inferInsert'], 'customerId'>;
// Drizzle cannot infer a builder over a table type parameter; these name what it builds for one.
type Select<T extends OwnedTable> = PgSelectBase<
  T['_']['name'],
  T['_']['columns'],
  'single',
  Record<T['_']['name'], 'not-null'>,
  true
>;
type Insert<T extends OwnedTable> = PgInsertBase<T, PgQueryResultHKT>;
type Update<T extends OwnedTable> = PgUpdateBase<T, PgQueryResultHKT>;
type Delete<T extends OwnedTable> = PgDeleteBase<T, PgQueryResultHKT>;

/**
 * The signed-in account's data (docs/server-kit.md "Account scope"), made once per request from the session.
 * Every statement it builds carries `customer_id = $account`, so a foreign id finds nothing and a
 * forgotten `where` cannot reach another account's rows. Queries that join or aggregate build
 * their own select and take `where(table, ...)` for each owned table they read. Queries that must
 * span accounts belong in a module named for it (`all-accounts.ts`), never here.
 */
export function accountScope(exec: Executor, customerId: string) {
  const where = (table: OwnedTable, ...conditions: Condition[]): SQL =>
    and(eq(table.customerId, customerId), ...conditions)!;
  const select = <T extends OwnedTable>(table: T, ...conditions: Condition[]) =>
    exec
      .select()
      .from(table as OwnedTable)
      .where(where(table, ...conditions))
      .$dynamic() as unknown as Select<T>;
  const countOf = async (table: OwnedTable, ...conditions: Condition[]): Promise<number> => {
    const [row] = await exec
      .select({ n: count() })
      .from(table)
      .where(where(table, ...conditions));
    return row?.n ?? 0;
  };
  return {
    customerId,
    /** `customer_id = $account` on this table, and-ed with the conditions given. */
    where,
    /** The account's own row in `customers`. */
    isAccount: eq(customers.id, customerId),
    /** The account's rows that match; order, page or lock them like any select. */
    select,
    count: countOf,
    /** One page of all the account's rows in this order, and how many there are. */
    page: async <T extends OwnedTable>(table: T, request: PageRequest, order: (SQL | PgColumn)[]) => {
      const [rows, total] = await Promise.all([
        select(table)
          .orderBy(...order)
          .limit(request.pageSize)
          .offset(pageOffset(request)),
        countOf(table),
      ]);
      return { rows, total };
    },
    /** New rows of the account: their `customer_id` is the account's, whatever the values say. */
    insert: <T extends OwnedTable>(table: T, values: NewRow<T> | NewRow<T>[]) =>
      exec
        .insert(table as OwnedTable)
        .values(
          [values].flat().map((v) => ({ ...(v as object), customerId })) as never,
        ) as unknown as Insert<T>,
    update: <T extends OwnedTable>(table: T, set: PgUpdateSetSource<T>, ...conditions: Condition[]) =>
      exec
        .update(table as OwnedTable)
        .set(set as PgUpdateSetSource<OwnedTable>)
        .where(where(table, ...conditions)) as unknown as Update<T>,
    delete: <T extends OwnedTable>(table: T, ...conditions: Condition[]) =>
      exec.delete(table as OwnedTable).where(where(table, ...conditions)) as unknown as Delete<T>,
    /** Changes to the account's own row in `customers`. */
    updateAccount: (set: PgUpdateSetSource<typeof customers>) =>
      exec.update(customers).set(set).where(eq(customers.id, customerId)),
  };
}

export type AccountScope = ReturnType<typeof accountScope>;

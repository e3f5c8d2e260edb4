import { countDistinct, gte, max, sql } from 'drizzle-orm';
import type { HostingUsage, UsagePeriod } from '../../../../shared/contracts/payment-operations';
import { isoDay } from '../../../../shared/days';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { expenses, hostingUsage } from '../../../db/schema';

const utcDay = (y: number, m: number, d: number) => isoDay(new Date(Date.UTC(y, m, d)));

/** Ledger categories that are what hosting costs us (the rest is the business's other spending). */
const HOSTING_CATEGORIES = ['hosting', 'database'];

/**
 * `GET /api/admin/hosting-usage`: what the instances measured (hosting_usage), the database's size
 * now, and what the ledger records as spent. Quantities only: no unit price is invented
 * (docs/payment-operations.md).
 */
export async function hostingUsageReport(db: Db, clock: Clock): Promise<HostingUsage> {
  const now = clock.now();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = isoDay(now);
  const periods = {
    currentMonth: { from: utcDay(y, m, 1), to: today },
    lastMonth: { from: utcDay(y, m - 1, 1), to: utcDay(y, m, 0) },
    yearToDate: { from: utcDay(y, 0, 1), to: today },
  };
  const earliest =
    periods.lastMonth.from < periods.yearToDate.from ? periods.lastMonth.from : periods.yearToDate.from;
  const within = (column: unknown, p: { from: string; to: string }) =>
    sql`${column} between ${p.from} and ${p.to}`;

  const usageOf = (p: { from: string; to: string }) => ({
    cpuMicros: sql<string>`coalesce(sum(${hostingUsage.cpuMicros}) filter (where ${within(hostingUsage.day, p)}), 0)`,
    bytes: sql<string>`coalesce(sum(${hostingUsage.bytesServed}) filter (where ${within(hostingUsage.day, p)}), 0)`,
    requests: sql<string>`coalesce(sum(${hostingUsage.requests}) filter (where ${within(hostingUsage.day, p)}), 0)`,
  });
  const spentOf = (p: { from: string; to: string }) => ({
    all: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${within(expenses.incurredOn, p)}), 0)`,
    hosting: sql<string>`coalesce(sum(${expenses.amountCents}) filter (where ${within(expenses.incurredOn, p)} and ${expenses.category} in ${HOSTING_CATEGORIES}), 0)`,
  });

  const [[usage], [spent], [instances], size] = await Promise.all([
    db
      .select({
        ...prefixed('c', usageOf(periods.currentMonth)),
        ...prefixed('l', usageOf(periods.lastMonth)),
        ...prefixed('y', usageOf(periods.yearToDate)),
        measuredAt: max(hostingUsage.updatedAt),
      })
      .from(hostingUsage)
      .where(gte(hostingUsage.day, earliest)),
    db
      .select({
        ...prefixed('c', spentOf(periods.currentMonth)),
        ...prefixed('l', spentOf(periods.lastMonth)),
        ...prefixed('y', spentOf(periods.yearToDate)),
      })
      .from(expenses)
      .where(gte(expenses.incurredOn, earliest)),
    db
      .select({ n: countDistinct(hostingUsage.instanceId) })
      .from(hostingUsage)
      .where(gte(hostingUsage.day, periods.currentMonth.from)),
    databaseSize(db),
  ]);

  const period = (key: 'c' | 'l' | 'y', p: { from: string; to: string }): UsagePeriod => {
    const u = usage as Record<string, unknown> | undefined;
    const s = spent as Record<string, unknown> | undefined;
    return {
      ...p,
      cpuSeconds: Math.round(Number(u?.[`${key}cpuMicros`] ?? 0) / 1000) / 1000,
      bytesServed: Number(u?.[`${key}bytes`] ?? 0),
      requests: Number(u?.[`${key}requests`] ?? 0),
      expenses: Number(s?.[`${key}all`] ?? 0) / 100,
      hostingExpenses: Number(s?.[`${key}hosting`] ?? 0) / 100,
    };
  };
  const currentMonth = period('c', periods.currentMonth);
  const measuredAt = usage?.measuredAt ?? null;
  return {
    status: 'connected',
    currentMonth,
    lastMonth: period('l', periods.lastMonth),
    yearToDate: period('y', periods.yearToDate),
    breakdown: {
      compute: { cpuSeconds: currentMonth.cpuSeconds, requests: currentMonth.requests },
      storage: { bytes: size },
      bandwidth: { bytes: currentMonth.bytesServed },
    },
    currentUsage: { cycles: currentMonth.cpuSeconds, storage: size, bandwidth: currentMonth.bytesServed },
    instances: instances?.n ?? 0,
    measuredAt: measuredAt ? new Date(measuredAt).toISOString() : null,
  };
}

function prefixed<T extends Record<string, unknown>>(prefix: string, fields: T) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${prefix}${k}`, v])) as Record<
    string,
    T[keyof T]
  >;
}

/** Bytes the database holds (PGlite answers pg_database_size as PostgreSQL does). */
async function databaseSize(db: Db): Promise<number> {
  const result = await db.execute<{ size: string | number }>(
    sql`select pg_database_size(current_database()) as size`,
  );
  const [row] = (result as unknown as { rows: { size: string | number }[] }).rows;
  return Number(row?.size ?? 0);
}

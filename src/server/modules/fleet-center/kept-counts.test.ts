import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { AUDIT_CATEGORIES, FLEET_RESOURCES } from '../../../shared/audit-categories';
import { manualClock } from '../../clock';
import { auditHourCounts, CUSTOMER_SIGN_IN_ROW, FLEET_CHANGE_ROW } from '../../db/schema';
import { auditCountSince, customerSignIn } from './audit-counts';
import { fleetMonitoring, recentChanges } from './monitoring';

// The audited sign-ins and fleet changes kept per hour by migration 0037's triggers, against the same
// counts taken from every audit row. The rows from scratch are named by CUSTOMER_SIGN_IN_ROW and
// FLEET_CHANGE_ROW, which are built from the product's own vocabulary (shared/audit-categories.ts): a
// fleet resource or change category added there and not to the trigger fails here.

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const db = () => t.database.db;
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const HOUR = 3_600_000;
const FIXED = Date.parse('2026-11-20T14:23:17.250Z');

type Counts = { hour: number; signIns: number; crmSignIns: number; changes: number };

/** The kept figures per hour, summed over the shards, leaving out the audit rows the test app wrote. */
async function kept(): Promise<Counts[]> {
  return rowsOf<Counts>(
    await db().execute(sql`
      select hour::float8 as hour, sum(customer_sign_ins)::int as "signIns",
        sum(fleet_crm_sign_ins)::int as "crmSignIns", sum(fleet_changes)::int as changes
      from ${auditHourCounts} where hour < ${Math.floor(Date.now() / HOUR) - 24}
      group by hour order by hour`),
  );
}

/** The same figures from every audit row. */
async function fromRows(): Promise<Counts[]> {
  return rowsOf<Counts>(
    await db().execute(sql`
      select floor(extract(epoch from created_at) / 3600)::float8 as hour,
        (count(*) filter (where ${sql.raw(CUSTOMER_SIGN_IN_ROW)}))::int as "signIns",
        (count(*) filter (where ${sql.raw(CUSTOMER_SIGN_IN_ROW)} and new_values->>'via' = 'fleet-crm'))::int as "crmSignIns",
        (count(*) filter (where ${sql.raw(FLEET_CHANGE_ROW)}))::int as changes
      from audit_logs
      where (${sql.raw(CUSTOMER_SIGN_IN_ROW)} or ${sql.raw(FLEET_CHANGE_ROW)})
        and created_at < to_timestamp(${(Math.floor(Date.now() / HOUR) - 24) * 3600})
      group by 1 order by 1`),
  );
}

type AuditRow = {
  actorType: string;
  action: string;
  category: string;
  resourceType: string;
  accountId: string | null;
  success: boolean;
  via?: string;
  at: number;
};

async function insert(rows: AuditRow[]) {
  if (rows.length === 0) return;
  await db().execute(sql`
    insert into audit_logs (actor_type, action, category, resource_type, account_id, success, new_values, created_at)
    select r.actor_type, r.action, r.category, r.resource_type, r.account_id::uuid, r.success,
      case when r.via is null then null else jsonb_build_object('via', r.via) end, r.at::timestamptz
    from jsonb_to_recordset(${JSON.stringify(
      rows.map((r) => ({
        actor_type: r.actorType,
        action: r.action,
        category: r.category,
        resource_type: r.resourceType,
        account_id: r.accountId,
        success: r.success,
        via: r.via ?? null,
        at: new Date(r.at).toISOString(),
      })),
    )}::jsonb) as r(actor_type text, action text, category text, resource_type text, account_id text,
      success boolean, via text, at text)`);
}

const ACCOUNT = '6f1c2a52-5d0e-4c57-9a43-2f1e0c7d9b11';

/** Every kind of row around the counted ones: each resource and category, failures, staff, no account. */
function everyKind(base: number): AuditRow[] {
  const rows: AuditRow[] = [];
  let i = 0;
  for (const resourceType of [...FLEET_RESOURCES, 'customer', 'payment', 'authentication'])
    for (const category of AUDIT_CATEGORIES)
      for (const success of [true, false])
        for (const accountId of [ACCOUNT, null]) {
          // Spread over six hours, one row on an hour's first microsecond.
          const at = i === 0 ? Math.floor(base / HOUR) * HOUR : base - (i % 6) * HOUR - i * 1000;
          rows.push({
            actorType: 'customer',
            action: category,
            category,
            resourceType,
            accountId,
            success,
            at,
          });
          i++;
        }
  for (const actorType of ['customer', 'staff'])
    for (const action of ['login', 'logout', 'admin_login'])
      for (const resourceType of ['authentication', 'customer'])
        for (const success of [true, false])
          for (const via of [undefined, 'fleet-crm', 'password']) {
            const at = base - (i % 6) * HOUR - i * 1000;
            rows.push({
              actorType,
              action,
              category: 'login',
              resourceType,
              accountId: null,
              success,
              via,
              at,
            });
            i++;
          }
  return rows;
}

describe('audited sign-ins and fleet changes kept per hour', () => {
  it('match the audit trail after inserts, updates and the retention deletes, and after a recompute', async () => {
    await insert(everyKind(FIXED));
    const after = await kept();
    expect(after.length).toBeGreaterThan(3);
    expect(after.reduce((n, h) => n + h.changes, 0)).toBeGreaterThan(0);
    expect(after.reduce((n, h) => n + h.crmSignIns, 0)).toBeGreaterThan(0);
    expect(after).toEqual(await fromRows());

    // A row moved out of the figures and another into them.
    await db().execute(sql`update audit_logs set account_id = null
      where id = (select min(id) from audit_logs where ${sql.raw(FLEET_CHANGE_ROW)} and created_at < ${new Date(FIXED + HOUR)})`);
    await db().execute(sql`update audit_logs set success = true
      where id = (select min(id) from audit_logs where action = 'login' and actor_type = 'customer'
        and resource_type = 'authentication' and not success and created_at < ${new Date(FIXED + HOUR)})`);
    expect(await kept()).toEqual(await fromRows());

    // The retention job deletes whole old hours: they leave no row behind.
    const oldest = after[0]!.hour;
    await db().execute(sql`delete from audit_logs where created_at < to_timestamp(${(oldest + 1) * 3600})`);
    await db().execute(
      sql`delete from audit_logs where id % 2 = 0 and created_at < ${new Date(FIXED + HOUR)}`,
    );
    const now = await kept();
    expect(now).toEqual(await fromRows());
    expect(now.map((h) => h.hour)).not.toContain(oldest);

    await db().execute(sql`select audit_hour_counts_recompute()`);
    expect(await kept()).toEqual(now);
  });

  it('give the Fleet Control Center the count of every row in its windows, at any moment', async () => {
    const base = Math.floor(FIXED / HOUR) * HOUR;
    await insert(everyKind(base + 59 * 60_000));
    await insert(everyKind(base - 20 * HOUR));
    await insert(everyKind(base - 26 * HOUR + 1));
    const exact = async (since: Date, where: string) =>
      rowsOf<{ n: number }>(
        await db().execute(
          sql`select count(*)::int as n from audit_logs where ${sql.raw(where)} and created_at >= ${since}`,
        ),
      )[0]!.n;
    // Mid-hour, on the hour, a millisecond either side of it, and a window whose start is on a row.
    for (const at of [FIXED, base, base + 1, base - 1, base + 4 * HOUR + 1]) {
      const figures = await fleetMonitoring(db(), manualClock(new Date(at)));
      const dayAgo = new Date(at - 24 * HOUR);
      const hourAgo = new Date(at - HOUR);
      expect(figures.signIns24h, `at ${new Date(at).toISOString()}`).toBe(
        await exact(dayAgo, CUSTOMER_SIGN_IN_ROW),
      );
      expect(figures.fleetChanges).toEqual({
        last24h: await exact(dayAgo, FLEET_CHANGE_ROW),
        lastHour: await exact(hourAgo, FLEET_CHANGE_ROW),
      });
      // The fleet CRM tab's 30 days: the auto-logins among the sign-ins.
      const monthAgo = new Date(at - 30 * 24 * HOUR);
      const [row] = await db()
        .select({
          n: auditCountSince(
            monthAgo,
            auditHourCounts.fleetCrmSignIns,
            customerSignIn,
            sql`new_values->>'via' = 'fleet-crm'`,
          ),
        })
        .from(sql`(select 1) as counts`);
      expect(row!.n).toBe(
        await exact(monthAgo, `${CUSTOMER_SIGN_IN_ROW} and new_values->>'via' = 'fleet-crm'`),
      );
      expect(row!.n).toBeGreaterThan(0);
    }
  });

  it('are read from the kept hours and the partial indexes, not from the day of audit rows', async () => {
    await insert(everyKind(FIXED));
    // The test database holds a few hundred rows, where a sequential scan or a bitmap is legitimately
    // cheaper: the planner is told to avoid them, to show which index serves each statement, and given
    // the rows' statistics, so that it knows how narrow the part hour's range is.
    await db().execute(sql`analyze audit_logs`);
    const plan = (statement: { getSQL(): unknown }) =>
      db().transaction(async (tx) => {
        for (const kind of ['seqscan', 'bitmapscan', 'sort'])
          await tx.execute(sql.raw(`set local enable_${kind} = off`));
        const rows = rowsOf<Record<string, string>>(
          await tx.execute(sql`explain (costs off) ${statement as never}`),
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const since = new Date(FIXED - 24 * HOUR);
    const counts = await plan(
      db()
        .select({ n: auditCountSince(since, auditHourCounts.customerSignIns, customerSignIn) })
        .from(sql`(select 1) as counts`),
    );
    expect(counts).toMatch(/using audit_logs_customer_sign_in_idx on audit_logs/);
    expect(counts).toMatch(/using audit_hour_counts_hour_shard_pk on audit_hour_counts/);
    expect(counts).not.toMatch(/audit_logs_created_idx/);
    const recent = await plan(recentChanges(db(), since));
    expect(recent).toMatch(/Index Scan Backward using audit_logs_fleet_change_idx on audit_logs/);
  });

  it('stay exact when many sign-ins are audited at once', async () => {
    const before = await kept();
    const at = FIXED - 3 * HOUR;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db().transaction(async (tx) => {
          await tx.execute(sql`insert into audit_logs (actor_type, action, category, resource_type, success, created_at)
            values ('customer', 'login', 'login', 'authentication', true, ${new Date(at + i)})`);
          await tx.execute(sql`insert into audit_logs (actor_type, action, category, resource_type, account_id, success, created_at)
            values ('customer', 'update', 'update', 'vehicle', ${ACCOUNT}, true, ${new Date(at + i)})`);
        }),
      ),
    );
    const after = await kept();
    expect(after).toEqual(await fromRows());
    const hour = Math.floor(at / HOUR);
    const grew = (list: Counts[]) => list.find((h) => h.hour === hour) ?? { signIns: 0, changes: 0 };
    expect(grew(after).signIns - grew(before).signIns).toBe(40);
    expect(grew(after).changes - grew(before).changes).toBe(40);
  });
});

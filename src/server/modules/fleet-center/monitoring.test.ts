import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { FleetMonitoring } from '../../../shared/contracts/fleet-center';
import { planOf } from '../../../../tests/setup/query-plans';
import { pastDueAccounts } from './monitoring';

let t: TestApp;
let admin: string;
useTestApp({ staff: ['admin'] }, (opened) => ({ t, admin } = opened));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The accounts past due as the screen showed them before the index: every account joined, then sorted. */
async function fromScratch() {
  const rows = rowsOf<{ customerId: string; total: number }>(
    await t.database.db.execute(sql`
      select c.id as "customerId", count(*) over ()::int as total
      from subscriptions s join customers c on c.id = s.customer_id
      where s.status = 'past_due'
      order by s.updated_at desc, c.id limit 10`),
  );
  return { total: rows[0]?.total ?? 0, ids: rows.map((r) => r.customerId) };
}

async function shown() {
  const res = await t.get(admin, '/api/admin/fleet/monitoring');
  expect(res.statusCode).toBe(200);
  const { pastDueAccounts: pastDue } = res.json<FleetMonitoring>();
  return { total: pastDue.total, ids: pastDue.items.map((i) => i.customerId) };
}

async function account(tag: string, status: string, updatedAt: string): Promise<string> {
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      with c as (
        insert into customers (email, password_hash, first_name, last_name, company_name)
        values (${`${tag}.${Date.now()}.${Math.random()}@past-due.example`}, 'x', 'Past', 'Due', ${tag})
        returning id)
      insert into subscriptions (customer_id, plan_id, status, price_cents, current_period_start,
        current_period_end, failed_attempts, updated_at)
      select id, 'starter', ${status}, 12000, now(), now() + interval '1 month', 1, ${updatedAt}::timestamptz from c
      returning customer_id as id`),
  );
  return row!.id;
}

describe('accounts past due on the Fleet Control Center', () => {
  it('are the newest ten and their count, as read from every account', async () => {
    // Twelve past due, two of them changed at the same moment (the account id breaks the tie).
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const at = `2026-11-${String(10 + Math.min(i, 10)).padStart(2, '0')}T08:00:00Z`;
      ids.push(await account(`Late ${i}`, 'past_due', at));
    }
    await account('On time', 'active', '2026-11-29T08:00:00Z');
    expect(await shown()).toEqual(await fromScratch());
    // A retry that pays (active again), a new failure, an account deleted with its subscription.
    await t.database.db.execute(sql`update subscriptions set status = 'active', updated_at = now()
      where customer_id = ${ids[11]!}`);
    await t.database.db.execute(sql`update subscriptions set status = 'past_due', updated_at = now()
      where customer_id in (select id from customers where company_name = 'On time')`);
    await t.database.db.execute(sql`delete from customers where id = ${ids[10]!}`);
    const now = await shown();
    expect(now).toEqual(await fromScratch());
    expect(now.ids).toHaveLength(10);
  });

  it('are read from the past due index, joining only the ten shown to their accounts', async () => {
    // The test database holds a handful of rows, where a sequential scan, a bitmap or a sort is
    // legitimately cheaper: the planner is told to avoid them, to show which index serves the statement
    // (on the seeded 100,000 accounts it picks this plan by itself: docs/fleet-control-center.md).
    const plan = await t.database.db.transaction(async (tx) => {
      for (const kind of ['seqscan', 'bitmapscan', 'sort'])
        await tx.execute(sql.raw(`set local enable_${kind} = off`));
      const rows = rowsOf<Record<string, string>>(
        await tx.execute(sql`explain (costs off) ${pastDueAccounts(t.database.db)}`),
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan using subscriptions_past_due_idx on subscriptions/);
    expect(plan).toMatch(/Index Scan using customers_pkey on customers/);
    expect(plan).not.toMatch(/Seq Scan/);
    // The ten newest come from the index in order, before the join: no sort of every past due row.
    expect(plan).toMatch(/Limit\n\s+->\s+Index Scan using subscriptions_past_due_idx/);
  });
});

/** Overdue maintenance as the screen read it before migration 0030: every open record, then sorted. */
async function overdueFromScratch() {
  const rows = rowsOf<{ id: string; total: number }>(
    await t.database.db.execute(sql`
      select m.id, count(*) over ()::int as total
      from maintenance_records m join vehicles v on v.id = m.vehicle_id
      where m.completed_date is null
        and ((m.due_date is not null and m.due_date < current_date) or (m.due_mileage is not null and v.mileage >= m.due_mileage))
      order by m.due_date desc nulls last, m.created_at desc, m.id limit 10`),
  );
  return { total: rows[0]?.total ?? 0, ids: rows.map((r) => r.id) };
}

async function overdueShown() {
  const res = await t.get(admin, '/api/admin/fleet/monitoring');
  expect(res.statusCode).toBe(200);
  const { overdueMaintenance } = res.json<FleetMonitoring>();
  return { total: overdueMaintenance.total, ids: overdueMaintenance.items.map((i) => i.id) };
}

describe('overdue maintenance on the Fleet Control Center', () => {
  it('is the newest ten overdue by date or by mileage, and their kept count, as read from every record', async () => {
    const vehicle = async (mileage: number) => {
      const customerId = await account(`Fleet ${mileage}`, 'active', '2026-11-01T08:00:00Z');
      const [row] = rowsOf<{ id: string; customerId: string }>(
        await t.database.db.execute(sql`
          insert into vehicles (customer_id, make, model, year, vin, license_plate, mileage)
          values (${customerId}, 'Ford', 'Transit', 2024, ${`VIN${mileage}`}, ${`FC-${mileage}`}, ${mileage})
          returning id, customer_id as "customerId"`),
      );
      return row!;
    };
    const record = async (
      v: { id: string; customerId: string },
      due: string | null,
      dueMileage: number | null,
    ) =>
      t.database.db.execute(sql`
        insert into maintenance_records (customer_id, vehicle_id, type, due_date, due_mileage)
        values (${v.customerId}, ${v.id}, 'Service', ${due}::date, ${dueMileage})`);
    const [low, high] = [await vehicle(1_000), await vehicle(90_000)];
    // Past due dates, a few on the same day (created_at and the id break ties), one already done.
    for (let i = 0; i < 8; i++) await record(low, `2026-0${1 + (i % 4)}-15`, null);
    await t.database.db.execute(sql`update maintenance_records set completed_date = '2026-05-01'
      where id = (select id from maintenance_records order by created_at limit 1)`);
    // Mileage reached: due later, due on no date, and due by both rules at once.
    await record(high, '2099-01-01', 50_000);
    await record(high, null, 80_000);
    await record(high, '2026-02-01', 10_000);
    // Neither: a future date, a mileage not reached, and neither rule set.
    await record(low, '2099-06-01', null);
    await record(low, null, 5_000);
    await record(low, null, null);
    expect(await overdueShown()).toEqual(await overdueFromScratch());
    // The vehicle's mileage passes a due mileage; a record is completed; a vehicle goes with its records.
    await t.database.db.execute(sql`update vehicles set mileage = 6000 where id = ${low.id}`);
    await t.database.db.execute(sql`update maintenance_records set completed_date = '2026-11-01'
      where vehicle_id = ${high.id} and due_date is null`);
    const now = await overdueShown();
    expect(now).toEqual(await overdueFromScratch());
    expect(now.ids).toHaveLength(10);
    await t.database.db.execute(sql`delete from vehicles where id = ${high.id}`);
    expect(await overdueShown()).toEqual(await overdueFromScratch());
  });

  it('reads the newest ten from the two overdue indexes, not from every open record', async () => {
    const statements = await t.statementsDuring(() => t.get(admin, '/api/admin/fleet/monitoring'));
    const read = statements.find((s) => s.sql.includes('maintenance_records') && s.sql.includes('union'));
    expect(read).toBeDefined();
    const { indexes, seqScans } = await planOf(t, read!);
    expect(indexes).toContain('maintenance_open_due_idx');
    expect(indexes).toContain('maintenance_mileage_due_idx');
    expect(seqScans).not.toContain('maintenance_records');
    // The count is the kept one: no statement of the request reads the open records to count them.
    expect(statements.filter((s) => /count\(\*\)[^]*maintenance_records/i.test(s.sql))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { withDatabase } from '../../../../tests/setup/global-setup';
import { created, randomVin, signUp, unique, type TestCustomer } from '../../../../tests/setup/customers';
import { analyticsFromRows, keptTables, tablesFromRows } from '../../../../tests/setup/fleet-figures';
import { manualClock } from '../../clock';
import { fleetAnalytics } from './analytics';

// Writers of different accounts at the same time on PostgreSQL, where they really run in parallel: the
// kept figures (migration 0027) must equal the rows afterwards, and no writer may fail (a deadlock between
// two accounts' increments would answer 500).

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const db = () => t.database.db;
const onPostgres = process.env.MP_TEST_DRIVER === 'pg';
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

const shardOf = async (customerId: string) =>
  rowsOf<{ shard: number }>(await db().execute(sql`select fleet_shard(${customerId}) as shard`))[0]!.shard;

/** Waits until the backend `pid` waits on a lock, or `done()` (it did not have to wait). */
async function blockedOrDone(pid: number, done: () => boolean) {
  for (let tries = 0; tries < 500; tries++) {
    if (done()) return;
    const [row] = rowsOf<{ wait: string | null }>(
      await db().execute(sql`select wait_event_type as wait from pg_stat_activity where pid = ${pid}`),
    );
    if (row?.wait === 'Lock') return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second writer neither waited nor finished');
}

async function expectKeptExact() {
  expect(await keptTables(db())).toEqual(await tablesFromRows(db()));
  const now = new Date();
  expect(await fleetAnalytics(db(), manualClock(now))).toEqual(await analyticsFromRows(db(), now));
}

const vehicleBody = (mileage: number) => ({
  make: 'Isuzu',
  model: 'NPR',
  year: 2022,
  vin: randomVin(),
  licensePlate: `CC ${unique()}`,
  status: 'active',
  mileage,
});

async function allSucceed(requests: Promise<{ statusCode: number; body: string }>[]) {
  const answers = await Promise.all(requests);
  for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);
  return answers;
}

/** Accounts until at least two pairs share a shard, so their writers increment the same rows. */
async function accountsSharingShards(): Promise<TestCustomer[]> {
  const accounts: TestCustomer[] = [];
  const shards = new Map<number, number>();
  while (accounts.length < 6 || [...shards.values()].filter((n) => n > 1).length < 2) {
    const c = await signUp(t, { planId: 'enterprise' });
    const shard = await shardOf(c.id);
    shards.set(shard, (shards.get(shard) ?? 0) + 1);
    accounts.push(c);
  }
  return accounts;
}

describe.runIf(onPostgres)('the kept fleet figures under concurrent writers', () => {
  it('stay exact with vehicles created, moved past due mileages and deleted in parallel across accounts', async () => {
    const accounts = await accountsSharingShards();
    const fleets = await allSucceed(
      accounts.flatMap((c) =>
        [0, 1, 2, 3].map((i) => t.post(c, '/api/fleet/vehicles', vehicleBody(1000 * i))),
      ),
    );
    const vehiclesOf = new Map(accounts.map((c) => [c.id, [] as { id: string; body: object }[]]));
    for (const [n, res] of fleets.entries()) {
      const { vehicle } = JSON.parse(res.body) as { vehicle: Record<string, unknown> & { id: string } };
      vehiclesOf.get(accounts[Math.floor(n / 4)]!.id)!.push({ id: vehicle.id, body: vehicle });
    }
    await allSucceed(
      accounts.flatMap((c) =>
        vehiclesOf.get(c.id)!.map((v, i) =>
          t.post(c, '/api/fleet/maintenance', {
            vehicleId: v.id,
            type: 'Service',
            dueMileage: 1000 * i + 500,
          }),
        ),
      ),
    );
    await expectKeptExact();

    // Each account at once: its first vehicle deleted, the others' odometers moved past their due
    // mileage, a record due by mileage added on the way, another vehicle and a driver created.
    await allSucceed(
      accounts.flatMap((c) => {
        const [first, ...rest] = vehiclesOf.get(c.id)!;
        return [
          t.delete(c, `/api/fleet/vehicles/${first!.id}`),
          ...rest.map((v, i) => {
            const { vin, licensePlate, make, model, year, status } = v.body as Record<string, unknown>;
            const mileage = 1000 * (i + 1) + 900;
            const body = { vin, licensePlate, make, model, year, status, mileage };
            return t.put(c, `/api/fleet/vehicles/${v.id}`, body);
          }),
          ...rest.map((v, i) =>
            t.post(c, '/api/fleet/maintenance', {
              vehicleId: v.id,
              type: 'Tyres',
              dueMileage: 1000 * (i + 1) + 700,
            }),
          ),
          t.post(c, '/api/fleet/vehicles', vehicleBody(42)),
          t.post(c, '/api/fleet/drivers', {
            name: 'Par',
            email: `p.${unique()}@example.com`,
            licenseNumber: 'P1',
          }),
        ];
      }),
    );
    await expectKeptExact();
  });

  // A record added while its vehicle's odometer changes in another transaction: whichever commits first,
  // the record ends up counted by the mileage that was committed last.
  for (const first of ['odometer', 'record'] as const) {
    it(`counts a record added during an odometer change, the ${first} first`, async () => {
      const c = await signUp(t, { planId: 'professional' });
      const { vehicle } = await created(t, c, '/api/fleet/vehicles', vehicleBody(1000));
      const [{ name }] = rowsOf<{ name: string }>(await db().execute(sql`select current_database() as name`));
      const url = withDatabase(process.env.TEST_DATABASE_URL!, name!);
      const [odometer, record] = [new pg.Client(url), new pg.Client(url)];
      await Promise.all([odometer.connect(), record.connect()]);
      try {
        const steps = {
          odometer: () => odometer.query('update vehicles set mileage = 2000 where id = $1', [vehicle.id]),
          record: () =>
            record.query(
              `insert into maintenance_records (customer_id, vehicle_id, type, due_mileage) values ($1, $2, 'Race', 1500)`,
              [c.id, vehicle.id],
            ),
        };
        const second = first === 'odometer' ? 'record' : 'odometer';
        const [holder, waiter] = [
          first === 'odometer' ? odometer : record,
          first === 'odometer' ? record : odometer,
        ];
        const waiterPid = rowsOf<{ pid: number }>(await waiter.query('select pg_backend_pid() as pid'))[0]!
          .pid;
        await holder.query('begin');
        await steps[first]();
        await waiter.query('begin');
        let settled = false;
        const pending = steps[second]().finally(() => (settled = true));
        // The second writer must wait for the first (the vehicle row is locked against it) until the
        // first commits: going ahead, its trigger would use a mileage that is about to change.
        await blockedOrDone(waiterPid, () => settled);
        await holder.query('commit');
        await pending;
        await waiter.query('commit');
      } finally {
        await Promise.all([odometer.end(), record.end()]);
      }
      await expectKeptExact();
    });
  }
});

// The graceful stop main.ts runs on SIGTERM and SIGINT (docs/operations.md): ready turns 503 at once, the
// requests under way are answered, running jobs finish, then the database closes; past the deadline the
// process exits anyway, with a log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { shutDown, type ShutdownSteps } from './shutdown';

/** A promise the test settles by hand, and whether it has. */
function deferred() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const waitUntil = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the drain order, on a listening app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the request under way and lets the jobs finish before the database closes', async () => {
    const order: string[] = [];
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    // A request under way: its readiness ping waits for the test.
    const pingGate = deferred();
    const pinged = deferred();
    const ownPing = t.database.ping;
    t.database.ping = async () => {
      pinged.open();
      await pingGate.promise;
      return ownPing();
    };
    const inFlight = fetch(`${address}/api/ready`).then(async (res) => {
      order.push('request answered');
      return {
        status: res.status,
        body: (await res.json()) as unknown,
        connection: res.headers.get('connection'),
      };
    });
    await pinged.promise;

    // A background job a request started, and a periodic job's run, both still running.
    const jobGate = deferred();
    const { job } = await t.app.services.backgroundJobs.start({
      kind: 'test:drain',
      startedByStaffId: null,
      work: async () => {
        await jobGate.promise;
        order.push('background job done');
        return { synced: 1, errors: [] };
      },
    });
    const periodicGate = deferred();
    const exits: number[] = [];
    const steps: ShutdownSteps = {
      app: t.app,
      stopJobs: async () => {
        await periodicGate.promise;
        order.push('periodic run done');
      },
      // The test's own close (afterAll) closes the real database; this one notes when it would be.
      database: { close: async () => void order.push('database closed') },
      timeoutMs: 10_000,
      exit: (code) => void exits.push(code),
    };

    const stopping = shutDown(steps, 'SIGTERM');
    expect(t.app.readiness.draining).toBe(true);
    // A new request is refused, or, if it won the race with the close, answered 503.
    const late = await fetch(`${address}/api/ready`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect(['refused', 503]).toContain(late);

    pingGate.open();
    expect(await inFlight).toEqual({ status: 200, body: { status: 'ready' }, connection: 'close' });
    jobGate.open();
    await waitUntil(() => order.includes('background job done'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).not.toContain('database closed');
    periodicGate.open();
    await stopping;
    t.database.ping = ownPing;

    expect(order).toEqual([
      'request answered',
      'background job done',
      'periodic run done',
      'database closed',
    ]);
    expect(exits).toEqual([0]);
    // The job ended on its own: it was not marked interrupted by the close.
    expect(await t.app.services.backgroundJobs.get(job.id, ['test:drain'])).toMatchObject({
      status: 'succeeded',
    });
  });
});

describe('the deadline', () => {
  it('exits 1 with a log line when draining takes longer than SHUTDOWN_TIMEOUT_MS', async () => {
    const logged: string[] = [];
    const exits: number[] = [];
    let closed = false;
    const log = { info: (m: string) => void logged.push(m), error: (m: string) => void logged.push(m) };
    const steps = {
      app: {
        readiness: { draining: false, drain: () => undefined },
        close: () => new Promise<never>(() => undefined), // a request that never ends
        log,
      },
      stopJobs: async () => undefined,
      database: { close: async () => void (closed = true) },
      timeoutMs: 50,
      exit: (code: number) => void exits.push(code),
    } as unknown as ShutdownSteps;

    void shutDown(steps, 'SIGINT');
    await waitUntil(() => exits.length > 0);
    expect(exits).toEqual([1]);
    expect(logged.at(-1)).toBe('shutdown: still draining after 50 ms (SHUTDOWN_TIMEOUT_MS), exiting anyway');
    expect(closed).toBe(false);
  });
});

import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import {
  addJobRunsBetween,
  groupSlowStatements,
  HEALTH_REPORTS,
  parseJobCounters,
  SLOW_RUN_SECONDS,
  SLOW_STATEMENT_MESSAGE,
  SLOW_STATEMENT_MS,
  slowStatementOf,
} from './job-runs.mjs';
import { JOB_DURATION_BUCKETS } from '../src/server/modules/metrics/metrics.ts';
import {
  SLOW_STATEMENT_MESSAGE as APP_SLOW_STATEMENT_MESSAGE,
  SLOW_STATEMENT_MS as APP_SLOW_STATEMENT_MS,
} from '../src/server/modules/metrics/database-metrics.ts';

/**
 * A registry with the app's job and ping metrics under their names (src/server/modules/metrics/), so
 * the parser reads prom-client's own text format, label escaping included.
 */
function appLikeRegistry() {
  const registers = [new Registry()];
  const labelNames = ['job'];
  return {
    registry: registers[0],
    runs: new Counter({ name: 'motorpool_job_runs_total', help: 'runs', labelNames, registers }),
    failures: new Counter({ name: 'motorpool_job_failures_total', help: 'failures', labelNames, registers }),
    ping: new Histogram({
      name: 'motorpool_db_ping_duration_seconds',
      help: 'ping',
      buckets: [0.01],
      registers,
    }),
    pingFailures: new Counter({ name: 'motorpool_db_ping_failures_total', help: 'ping failures', registers }),
    durations: new Histogram({
      name: 'motorpool_job_duration_seconds',
      help: 'durations',
      labelNames,
      buckets: JOB_DURATION_BUCKETS,
      registers,
    }),
  };
}

describe('job runs from /metrics', () => {
  it('reads each job by name (spaces, colons and quotes kept) and the System Health reports from the pings', async () => {
    const m = appLikeRegistry();
    m.runs.inc({ job: 'audit: seal' }, 3);
    m.failures.inc({ job: 'audit: seal' }, 0);
    m.runs.inc({ job: 'a "quoted" job' });
    m.failures.inc({ job: 'a "quoted" job' });
    m.ping.observe(0.002);
    m.ping.observe(0.003);
    m.pingFailures.inc();
    const counters = parseJobCounters(await m.registry.metrics());
    expect(Object.fromEntries(counters.runs)).toEqual({
      'audit: seal': 3,
      'a "quoted" job': 1,
      [HEALTH_REPORTS]: 3,
    });
    expect(Object.fromEntries(counters.failures)).toEqual({
      'audit: seal': 0,
      'a "quoted" job': 1,
      [HEALTH_REPORTS]: 1,
    });
  });

  it('adds up what happened between two scrapes of each process; a job first run in between counts from 0', async () => {
    const first = appLikeRegistry();
    first.runs.inc({ job: 'audit: seal' }, 2);
    const before = parseJobCounters(await first.registry.metrics());
    first.runs.inc({ job: 'audit: seal' }, 5);
    first.runs.inc({ job: 'email: deliver' }, 1);
    first.failures.inc({ job: 'email: deliver' }, 1);
    const tally = addJobRunsBetween(new Map(), before, parseJobCounters(await first.registry.metrics()));

    // A second app process: its counters start again at 0.
    const second = appLikeRegistry();
    const secondBefore = parseJobCounters(await second.registry.metrics());
    second.runs.inc({ job: 'audit: seal' }, 4);
    addJobRunsBetween(tally, secondBefore, parseJobCounters(await second.registry.metrics()));

    expect(tally.get('audit: seal')).toEqual({ runs: 9, failures: 0, slow: 0 });
    expect(tally.get('email: deliver')).toEqual({ runs: 1, failures: 1, slow: 0 });
    expect(tally.get(HEALTH_REPORTS)).toEqual({ runs: 0, failures: 0, slow: 0 });
  });

  it('counts the runs longer than SLOW_RUN_SECONDS between two scrapes, from the duration histogram', async () => {
    const m = appLikeRegistry();
    // The app's buckets have a bound at the slow line, or the count would be off by a bucket.
    expect(JOB_DURATION_BUCKETS).toContain(SLOW_RUN_SECONDS);
    m.durations.observe({ job: 'email: automation' }, 0.9);
    const before = parseJobCounters(await m.registry.metrics());
    for (const seconds of [0.02, SLOW_RUN_SECONDS, 0.3, 4])
      m.durations.observe({ job: 'email: automation' }, seconds);
    m.durations.observe({ job: 'audit: seal' }, 0.01);
    m.runs.inc({ job: 'email: automation' }, 5);
    m.runs.inc({ job: 'audit: seal' });
    const tally = addJobRunsBetween(new Map(), before, parseJobCounters(await m.registry.metrics()));
    // 0.3 and 4 s are over the line; 0.25 s is in its bucket (le="0.25"); the 0.9 s run came before.
    expect(tally.get('email: automation')).toMatchObject({ slow: 2 });
    expect(tally.get('audit: seal')).toMatchObject({ slow: 0 });
  });
});

describe('slow statements from the log', () => {
  it("takes the app's slow-statement lines and nothing else", () => {
    expect(SLOW_STATEMENT_MESSAGE).toBe(APP_SLOW_STATEMENT_MESSAGE);
    expect(SLOW_STATEMENT_MS).toBe(APP_SLOW_STATEMENT_MS);
    const line = JSON.stringify({
      level: 40,
      msg: SLOW_STATEMENT_MESSAGE,
      ms: 312,
      statement: 'analyze "vehicles"',
    });
    expect(slowStatementOf(line)).toEqual({ statement: 'analyze "vehicles"', ms: 312 });
    expect(slowStatementOf(JSON.stringify({ msg: 'database: upkeep', ms: 312 }))).toBeNull();
    expect(slowStatementOf('  Motorpool is running at http://localhost:5055')).toBeNull();
    expect(slowStatementOf('{"msg": "database: slow statement", "statement"')).toBeNull();
  });

  it('groups them by text, whitespace folded, the most time first', () => {
    const groups = groupSlowStatements([
      { statement: 'vacuum analyze "email_outbox"', ms: 900 },
      { statement: 'analyze  "vehicles"', ms: 300 },
      { statement: 'analyze "vehicles"', ms: 400 },
      { statement: 'insert into "email_outbox" values ($1)', ms: 260 },
    ]);
    expect(groups).toEqual([
      { statement: 'vacuum analyze "email_outbox"', count: 1, totalMs: 900, maxMs: 900 },
      { statement: 'analyze "vehicles"', count: 2, totalMs: 700, maxMs: 400 },
      { statement: 'insert into "email_outbox" values ($1)', count: 1, totalMs: 260, maxMs: 260 },
    ]);
  });
});

import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { addJobRunsBetween, HEALTH_REPORTS, parseJobCounters } from './job-runs.mjs';

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

    expect(tally.get('audit: seal')).toEqual({ runs: 9, failures: 0 });
    expect(tally.get('email: deliver')).toEqual({ runs: 1, failures: 1 });
    expect(tally.get(HEALTH_REPORTS)).toEqual({ runs: 0, failures: 0 });
  });
});

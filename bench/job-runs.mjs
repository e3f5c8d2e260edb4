// The background work the app did while the bench loaded it, read from its own Prometheus metrics
// (GET /metrics, docs/system-health.md "Metrics"): each periodic job's runs and failures, and System
// Health's reports (each report pings the database once, so the ping count is the report count).
// The counters are per process and start at 0, so the bench reads them before and after the loads of
// each app it starts and adds up the differences.

/** The name under which the System Health reports are listed beside the periodic jobs. */
export const HEALTH_REPORTS = 'System Health report (HEALTH_REPORT_SECONDS)';

/** One sample line of the text format: name, optional labels, value. */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const unescape = (value) => value.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));

/** A run at least this long (seconds) holds the embedded database long enough to show on a screen. */
export const SLOW_RUN_SECONDS = 0.25;

/**
 * The job counters in a scrape: `runs` and `failures` by job name, for the jobs and the reports, and
 * `slow`: the job's runs longer than SLOW_RUN_SECONDS, from its duration histogram (the count less the
 * runs in the bucket at that bound).
 */
export function parseJobCounters(text) {
  const counters = { runs: new Map(), failures: new Map(), slow: new Map() };
  const upToSlow = new Map();
  const durations = new Map();
  const add = (map, job, value) => map.set(job, (map.get(job) ?? 0) + value);
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const [, name, labelText = '', raw] = match;
    const value = Number(raw);
    const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map(([, k, v]) => [k, unescape(v)]));
    if (name === 'motorpool_job_duration_seconds_count') add(durations, labels.job, value);
    else if (name === 'motorpool_job_duration_seconds_bucket' && Number(labels.le) === SLOW_RUN_SECONDS)
      add(upToSlow, labels.job, value);
    else if (name === 'motorpool_job_runs_total') add(counters.runs, labels.job, value);
    else if (name === 'motorpool_job_failures_total') add(counters.failures, labels.job, value);
    else if (name === 'motorpool_db_ping_duration_seconds_count') add(counters.runs, HEALTH_REPORTS, value);
    else if (name === 'motorpool_db_ping_failures_total') {
      add(counters.runs, HEALTH_REPORTS, value);
      add(counters.failures, HEALTH_REPORTS, value);
    }
  }
  for (const [job, n] of durations) counters.slow.set(job, n - (upToSlow.get(job) ?? 0));
  return counters;
}

/** Adds what happened between two scrapes of one process to `tally` (job -> {runs, failures, slow}). */
export function addJobRunsBetween(tally, before, after) {
  for (const [job, runs] of after.runs) {
    const entry = tally.get(job) ?? { runs: 0, failures: 0, slow: 0 };
    entry.runs += runs - (before.runs.get(job) ?? 0);
    entry.failures += (after.failures.get(job) ?? 0) - (before.failures.get(job) ?? 0);
    entry.slow += (after.slow?.get(job) ?? 0) - (before.slow?.get(job) ?? 0);
    tally.set(job, entry);
  }
  return tally;
}

/** Scrapes the app's /metrics: from this machine (loopback), or with the METRICS_TOKEN when one is set. */
export async function scrapeJobCounters(base, token = process.env.METRICS_TOKEN) {
  const res = await fetch(`${base}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${text.slice(0, 200)}`);
  return parseJobCounters(text);
}

/** From this long (ms) the app logs a statement that held the embedded database (docs/system-health.md). */
export const SLOW_STATEMENT_MS = 250;
/** The app's log message for such a statement. */
export const SLOW_STATEMENT_MESSAGE = 'database: slow statement';

/** A line of the app's JSON log as `{ statement, ms }` when it is a slow statement's, else null. */
export function slowStatementOf(line) {
  if (!line.startsWith('{')) return null;
  try {
    const entry = JSON.parse(line);
    if (entry.msg !== SLOW_STATEMENT_MESSAGE || typeof entry.statement !== 'string') return null;
    return { statement: entry.statement, ms: Number(entry.ms) };
  } catch {
    return null;
  }
}

/**
 * The slow statements grouped by their text (its first `chars` characters), the most time first:
 * `{ statement, count, totalMs, maxMs }`.
 */
export function groupSlowStatements(seen, chars = 160) {
  const groups = new Map();
  for (const { statement, ms } of seen) {
    const key = statement.replace(/\s+/g, ' ').trim().slice(0, chars);
    const group = groups.get(key) ?? { statement: key, count: 0, totalMs: 0, maxMs: 0 };
    group.count += 1;
    group.totalMs += ms;
    group.maxMs = Math.max(group.maxMs, ms);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.totalMs - a.totalMs);
}

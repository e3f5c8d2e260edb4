// What one autocannon run says, and whether it is a run whose figures can be trusted (docs/testing.md,
// "The bench": a load with non-2xx answers, errors, timeouts or a stall fails, whatever its p99).

/**
 * The stall rule: the answered requests must fill at least this share of the connection time a run
 * that answers every request fills. Each of autocannon's connections has one request in flight at a
 * time, so (Little's law) requests x mean latency is the connection time the answered requests took:
 * close to connections x duration in a healthy run, less the client's own time between an answer and
 * the next request, and less the request each connection still has in flight when the run ends (up to
 * one latency). So a healthy run fills at least connections x (duration - mean latency), or one mean
 * latency per connection when requests are slower than half the run. Requests that hang (until a
 * timeout, or past the end of the run, which no counter sees) add neither a request nor a latency
 * sample, and the share drops far below this line. The mean, not the p50: a run with a slow tail (most
 * answers quick, some slow) is not a stall however skewed it is; its tail is for the p99 budget.
 */
export const MIN_BUSY_SHARE = 0.5;

/**
 * Below this mean latency the client's own time per request (autocannon's parsing and sending) is of the
 * same order as the answer's, so the rule above under-counts busy connections: an anonymous page kept in
 * memory answers 15,000 req/s at a mean of 0.15 ms and "fills" 2 of 10. Such a run stalled only if a
 * whole second of it went without an answer (autocannon's slowest one-second sample).
 */
export const CLIENT_BOUND_MS = 1;

/** The summary the bench keeps of an autocannon result (raw figures, no judgement). */
export function summarizeLoad(label, result) {
  const durationSeconds = result.duration;
  const meanMs = result.latency.mean;
  const answeredMs = result.requests.total * meanMs;
  const healthyMs = result.connections * Math.max(durationSeconds * 1000 - meanMs, meanMs);
  return {
    label,
    reqPerSec: result.requests.total / durationSeconds,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs,
    non2xx: result.non2xx,
    // autocannon counts a timeout as an error as well: here each is counted once.
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    connections: result.connections,
    durationSeconds,
    /** req/s x mean latency: how many connections were waiting on an answer that came, on average. */
    busyConnections: answeredMs / (durationSeconds * 1000),
    busyShare: answeredMs / healthyMs,
    /** Answers in the run's slowest second (autocannon samples each second). */
    slowestSecond: result.requests.min ?? 0,
  };
}

/** Why a run's figures cannot be trusted, one reason each ("37 timeouts"); empty for a clean run. */
export function loadProblems(load) {
  const problems = [];
  const count = (n, what) => `${n} ${what}`;
  if (load.non2xx > 0) problems.push(count(load.non2xx, 'non-2xx'));
  if (load.errors > 0) problems.push(count(load.errors, load.errors === 1 ? 'error' : 'errors'));
  if (load.timeouts > 0) problems.push(count(load.timeouts, load.timeouts === 1 ? 'timeout' : 'timeouts'));
  const clientBound = load.meanMs < CLIENT_BOUND_MS && load.slowestSecond > 0;
  if (load.busyShare < MIN_BUSY_SHARE && !clientBound) {
    problems.push(
      `stall (req/s x mean latency = ${load.busyConnections.toFixed(1)} of ${load.connections} connections ` +
        `busy: under ${MIN_BUSY_SHARE * 100} % of a run answering every request)`,
    );
  }
  for (const round of load.failedRounds ?? []) problems.push(`another round: ${round}`);
  return problems;
}

/** The run on one line: throughput, latencies, the counts, and FAIL with the reasons when it failed. */
export function loadLine(load) {
  const problems = loadProblems(load);
  return (
    `${load.reqPerSec.toFixed(1)} req/s (${load.requests} requests), p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
    `non-2xx ${load.non2xx}, errors ${load.errors}, timeouts ${load.timeouts}, ` +
    `connections busy ${load.busyConnections.toFixed(1)} of ${load.connections}` +
    (problems.length ? `; FAIL: ${problems.join(', ')}` : '')
  );
}

/**
 * Of two rounds of the same target, the one to report: the better clean run, so a burst of other work
 * on the machine lowers one sample and not the figure; but a failed round is never dropped in silence:
 * its reasons stay on the kept run (`failedRounds`), which therefore fails too.
 */
export function betterRound(kept, next) {
  if (!kept) return next;
  const keptClean = loadProblems(kept).length === 0;
  const nextClean = loadProblems(next).length === 0;
  const takeNext = keptClean === nextClean ? next.reqPerSec > kept.reqPerSec : nextClean;
  const [winner, loser] = takeNext ? [next, kept] : [kept, next];
  const loserOwn = loadProblems({ ...loser, failedRounds: [] });
  const failedRounds = [...(winner.failedRounds ?? []), ...(loser.failedRounds ?? [])];
  if (loserOwn.length) failedRounds.push(loserOwn.join(', '));
  return failedRounds.length ? { ...winner, failedRounds } : winner;
}

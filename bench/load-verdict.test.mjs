import http from 'node:http';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betterRound, loadLine, loadProblems, MIN_BUSY_SHARE, summarizeLoad } from './load-verdict.mjs';

/** An autocannon result as the library answers it, with only the fields the verdict reads. */
const result = ({
  total = 1000,
  mean = 10,
  duration = 1,
  connections = 10,
  non2xx = 0,
  errors = 0,
  timeouts = 0,
  slowestSecond = Math.floor(total / duration),
}) => ({
  duration,
  connections,
  requests: { total, min: slowestSecond },
  latency: { p50: mean, p99: mean * 3, mean },
  non2xx,
  errors,
  timeouts,
});

describe('a load run', () => {
  it('is clean when every request answered 2xx and the connections were kept busy', () => {
    // 10 connections x 1 s / 10 ms = 1,000 requests: every connection busy all the time.
    const load = summarizeLoad('clean', result({ total: 950 }));
    expect(load.busyConnections).toBeCloseTo(9.5);
    expect(loadProblems(load)).toEqual([]);
    expect(loadLine(load)).toBe(
      '950.0 req/s (950 requests), p50 10 ms, p99 30 ms, non-2xx 0, errors 0, timeouts 0, connections busy 9.5 of 10',
    );
  });

  it('fails on non-2xx answers, errors and timeouts, a timeout counted once (autocannon counts it as an error too)', () => {
    const load = summarizeLoad('broken', result({ non2xx: 3, errors: 38, timeouts: 37 }));
    expect(load.errors).toBe(1);
    expect(loadProblems(load)).toEqual(['3 non-2xx', '1 error', '37 timeouts']);
    expect(loadLine(load)).toMatch(
      /non-2xx 3, errors 1, timeouts 37, .*; FAIL: 3 non-2xx, 1 error, 37 timeouts$/,
    );
  });

  it('fails as a stall when the answered requests account for too little of the connection time', () => {
    // 18 req/s at a mean of 13 ms: 0.2 of 10 connections busy; the rest waited on requests never answered.
    const stalled = summarizeLoad('stalled', result({ total: 90, mean: 13, duration: 5 }));
    expect(loadProblems(stalled)).toEqual([
      'stall (req/s x mean latency = 0.2 of 10 connections busy: under 50 % of a run answering every request)',
    ]);
    // The same throughput at a mean that fills the connections is slow, not stalled: the p99 budget judges it.
    const slow = summarizeLoad('slow', result({ total: 90, mean: 520, duration: 5 }));
    expect(loadProblems(slow)).toEqual([]);
    // No request answered at all.
    expect(loadProblems(summarizeLoad('none', result({ total: 0, mean: 0 })))).toHaveLength(1);
  });

  it('is not a stall when the answers are quicker than the client: only a second without answers is', () => {
    // 15,000 req/s at a mean of 0.15 ms "fills" 2.3 of 10 connections: the client, not the server, sets the pace.
    const fast = summarizeLoad('fast', result({ total: 76_000, mean: 0.15, duration: 5 }));
    expect(fast.busyConnections).toBeLessThan(10 * MIN_BUSY_SHARE);
    expect(loadProblems(fast)).toEqual([]);
    // The same quick answers with a whole second unanswered: requests hung.
    const hung = summarizeLoad('hung', result({ total: 60_000, mean: 0.15, duration: 5, slowestSecond: 0 }));
    expect(loadProblems(hung)).toHaveLength(1);
    expect(loadProblems(hung)[0]).toMatch(/^stall/);
  });

  it('the line is MIN_BUSY_SHARE of connections x (duration - mean latency)', () => {
    // 10 connections, 1 s, 10 ms: a run answering everything fills 10 x 990 ms.
    const at = (requests) => summarizeLoad('x', result({ total: requests, mean: 10 }));
    expect(loadProblems(at(Math.ceil((MIN_BUSY_SHARE * 9900) / 10)))).toEqual([]);
    expect(loadProblems(at(Math.floor((MIN_BUSY_SHARE * 9900) / 10) - 1))).toHaveLength(1);
  });

  it('slow requests are not a stall: each connection may still have one in flight when the run ends', () => {
    // Sign-in at about 2 s a request in a 3 s run: about one answer per connection, plus one cut off.
    const slow = summarizeLoad('sign-in', result({ total: 14, mean: 2000, duration: 3 }));
    expect(slow.busyConnections).toBeCloseTo(9.33, 2);
    expect(loadProblems(slow)).toEqual([]);
    const fewer = summarizeLoad('sign-in', result({ total: 4, mean: 2000, duration: 3 }));
    expect(loadProblems(fewer)).toHaveLength(1);
  });
});

describe('two rounds of one target', () => {
  const clean = (total) => summarizeLoad('r', result({ total }));
  const failed = (total) => summarizeLoad('r', result({ total, timeouts: 2, errors: 2 }));

  it('keep the faster of two clean rounds', () => {
    expect(betterRound(clean(900), clean(950)).requests).toBe(950);
    expect(betterRound(clean(950), clean(900)).requests).toBe(950);
  });

  it('keep a clean round over a faster failed one, and the failed round still fails the target', () => {
    const kept = betterRound(failed(990), clean(900));
    expect(kept.requests).toBe(900);
    expect(loadProblems(kept)).toEqual(['another round: 2 timeouts']);
  });

  it('keep every failed round when none is clean', () => {
    const kept = betterRound(failed(900), failed(950));
    expect(kept.requests).toBe(950);
    expect(loadProblems(kept)).toEqual(['2 timeouts', 'another round: 2 timeouts']);
  });
});

describe('a real autocannon run against a server that stops answering', () => {
  let server;
  let url;
  beforeAll(async () => {
    let answered = 0;
    // The first 20 requests are answered at once; every later one hangs, as a stalled server's do.
    server = http.createServer((_req, res) => {
      answered += 1;
      if (answered <= 20) res.end('ok');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails the run as a stall, though every request that was answered was quick', async () => {
    const raw = await autocannon({ url, connections: 4, duration: 2, timeout: 10 });
    const load = summarizeLoad('stalled server', raw);
    expect(load.requests).toBe(20);
    expect(load.timeouts).toBe(0);
    expect(loadProblems(load)).toEqual([
      expect.stringMatching(/^stall \(req\/s x mean latency = 0\.\d of 4 connections busy/),
    ]);
  });
});

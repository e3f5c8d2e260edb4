import { createRequire } from 'node:module';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';

const EVENT_LOOP_STATS = ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'] as const;

/** The event loop's delay over System Health's current window (since its last report), in seconds. */
export type EventLoopWindow = Record<(typeof EVENT_LOOP_STATS)[number], number>;

const require = createRequire(import.meta.url);

/**
 * Node's process metrics (`process_*`, `nodejs_*`: CPU, memory, heap spaces, GC, handles, file
 * descriptors) into `registry`: prom-client's default collectors, each registered on its own, all but
 * `eventLoopLag`. That one would start a second `monitorEventLoopDelay` and reset it at every scrape;
 * the `nodejs_eventloop_lag_*` gauges here read System Health's histogram instead, under the same
 * names, so the loop is measured once. The collectors are prom-client's own files, which is why its
 * version range is pinned to one minor.
 */
export function registerNodeMetrics(registry: Registry, eventLoop: () => EventLoopWindow): void {
  for (const name of collectDefaultMetrics.metricsList) {
    if (name === 'eventLoopLag') continue;
    const collector = require(`prom-client/lib/metrics/${name}`) as (registry: Registry) => void;
    collector(registry);
  }
  for (const stat of EVENT_LOOP_STATS) {
    new Gauge({
      name: `nodejs_eventloop_lag_${stat}_seconds`,
      help: `The event loop's delay, ${stat}, since System Health's last report (HEALTH_REPORT_SECONDS).`,
      registers: [registry],
      collect() {
        this.set(eventLoop()[stat]);
      },
    });
  }
}

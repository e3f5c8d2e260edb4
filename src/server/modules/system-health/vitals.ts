import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { InstanceVitals } from '../../../shared/contracts/system-health';
import type { EventLoopWindow } from '../metrics';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * This process's vitals, sampled at each report: memory (heap in use against V8's limit, and RSS),
 * CPU (`process.cpuUsage` since the last sample, as a share of the wall time: 100 % is one core), and
 * the event loop's delay (`monitorEventLoopDelay`: p99 and max since the last sample, then reset).
 */
export class VitalsSampler {
  private readonly loop: ELDHistogram;
  private cpuMark = process.cpuUsage();
  private wallMark = performance.now();

  constructor() {
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
  }

  sample(databaseLatencyMs: number | null, stopping = false): InstanceVitals {
    const cpu = process.cpuUsage(this.cpuMark);
    const wall = performance.now() - this.wallMark;
    this.cpuMark = process.cpuUsage();
    this.wallMark = performance.now();
    const heap = v8.getHeapStatistics();
    // The histogram's values are nanoseconds; with no sample yet it answers NaN.
    const p99 = this.loop.count > 0 ? this.loop.percentile(99) / 1e6 : 0;
    const max = this.loop.count > 0 ? this.loop.max / 1e6 : 0;
    this.loop.reset();
    return {
      uptimeSeconds: Math.round(process.uptime()),
      rssBytes: process.memoryUsage.rss(),
      heapUsedBytes: heap.used_heap_size,
      heapLimitBytes: heap.heap_size_limit,
      memoryPercent: round1((heap.used_heap_size / heap.heap_size_limit) * 100),
      cpuPercent: wall > 0 ? round1(((cpu.user + cpu.system) / 1000 / wall) * 100) : 0,
      eventLoopDelayMs: round1(p99),
      eventLoopDelayMaxMs: round1(max),
      databaseLatencyMs: databaseLatencyMs === null ? null : round1(databaseLatencyMs),
      stopping,
    };
  }

  /**
   * The event-loop delay since the last sample, in seconds, read without a reset: the Prometheus
   * gauges (modules/metrics) read this same histogram, so the process measures the loop once.
   */
  eventLoopWindow(): EventLoopWindow {
    const h = this.loop;
    const s = (ns: number) => (h.count > 0 ? ns / 1e9 : 0);
    return {
      min: s(h.min),
      max: s(h.max),
      mean: s(h.mean),
      stddev: s(h.stddev),
      p50: s(h.percentile(50)),
      p90: s(h.percentile(90)),
      p99: s(h.percentile(99)),
    };
  }

  stop() {
    this.loop.disable();
  }
}

import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { InstanceVitals } from '../../../shared/contracts/system-health';

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

  stop() {
    this.loop.disable();
  }
}

import {
  instanceVitals,
  statusOf,
  worstStatus,
  type HealthStatus,
  type InstanceHealth,
} from '../../../shared/contracts/system-health';
import type { serverInstances } from '../../db/schema';
import { emptyTally, windowStatsOf, type Tally } from './latency';

/** What an instance's row holds when its vitals do not read (written by another version). */
const NO_VITALS = {
  uptimeSeconds: 0,
  rssBytes: 0,
  heapUsedBytes: 0,
  heapLimitBytes: 1,
  memoryPercent: 0,
  cpuPercent: 0,
  eventLoopDelayMs: 0,
  eventLoopDelayMaxMs: 0,
  databaseLatencyMs: null,
  stopping: false,
};

/** One instance as listed: its last report's vitals, their status and its requests of the last 5 minutes. */
export function instanceHealthOf(
  i: typeof serverInstances.$inferSelect,
  at: { now: Date; currentInstanceId: string; last5: Tally | undefined; minutes5: number },
): InstanceHealth {
  const parsed = instanceVitals.safeParse(i.vitals);
  const vitals = parsed.success ? parsed.data : instanceVitals.parse({ ...NO_VITALS });
  // Uptime moves on between reports: counted from the start, not the last report.
  vitals.uptimeSeconds = Math.max(0, Math.round((at.now.getTime() - i.startedAt.getTime()) / 1000));
  const status: HealthStatus = vitals.stopping
    ? 'maintenance'
    : worstStatus([
        statusOf('cpuPercent', vitals.cpuPercent),
        statusOf('memoryPercent', vitals.memoryPercent),
        statusOf('eventLoopDelayMs', vitals.eventLoopDelayMs),
      ]);
  return {
    instanceId: i.instanceId,
    hostname: i.hostname,
    pid: i.pid,
    startedAt: i.startedAt.toISOString(),
    lastSeenAt: i.lastSeenAt.toISOString(),
    current: i.instanceId === at.currentInstanceId,
    status,
    vitals,
    last5: windowStatsOf(at.last5 ?? emptyTally(), at.minutes5),
  };
}

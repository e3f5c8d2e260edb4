import { sql } from 'drizzle-orm';
import {
  HEALTH_LIMITS,
  statusOf,
  WARN_AT,
  WARNING_SHARE,
  type AlertType,
  type HealthMetric,
  type InstanceVitals,
} from '../../../shared/contracts/system-health';
import type { Executor } from '../../db/client';
import { systemAlerts } from '../../db/schema';
import { windowStatsOf, type Tally } from './latency';

export type AlertCondition = {
  type: AlertType;
  /** One open alert per key across instances: `memory:<instance>`, `database:latency`, `job:<name>`. */
  conditionKey: string;
  message: string;
  instanceId: string | null;
};

/**
 * Raises an alert, or, while one is open for the same condition, only notes that it was seen again
 * (and makes it an error if it became one). The partial unique index on open conditions decides:
 * instances raising the same condition at the same moment make one alert between them.
 */
export async function raiseAlert(db: Executor, alert: AlertCondition, now = new Date()): Promise<void> {
  await db
    .insert(systemAlerts)
    .values({ ...alert, raisedAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: systemAlerts.conditionKey,
      targetWhere: sql`${systemAlerts.resolvedAt} is null`,
      set: {
        lastSeenAt: sql`excluded.last_seen_at`,
        type: sql`case when excluded.type = 'error' then 'error' else ${systemAlerts.type} end`,
        message: sql`excluded.message`,
      },
    });
}

const LABELS: Record<HealthMetric, [string, string]> = {
  cpuPercent: ['CPU', '%'],
  memoryPercent: ['Memory (heap of its limit)', '%'],
  eventLoopDelayMs: ['Event-loop delay (p99)', ' ms'],
  databaseLatencyMs: ['Database latency', ' ms'],
  errorRatePercent: ['Error rate (5 min)', '%'],
  p95LatencyMs: ['p95 latency (5 min)', ' ms'],
};

function crossing(metric: HealthMetric, value: number | null, where: string) {
  const status = statusOf(metric, value);
  if (status !== 'warning' && status !== 'error') return null;
  const [label, unit] = LABELS[metric];
  const line =
    status === 'error' ? HEALTH_LIMITS[metric] : (WARN_AT[metric] ?? HEALTH_LIMITS[metric] * WARNING_SHARE);
  return {
    type: status,
    message: `${label} at ${value}${unit} on ${where} (${status} from ${line}${unit})`,
  } as const;
}

/** The alerts one instance's report raises: its own vitals, the database, and its API route groups. */
export function conditionsOf(
  instanceId: string,
  vitals: InstanceVitals,
  last5: Map<string, Tally>,
): AlertCondition[] {
  const out: AlertCondition[] = [];
  const mine = [
    ['cpuPercent', 'cpu'],
    ['memoryPercent', 'memory'],
    ['eventLoopDelayMs', 'event-loop'],
  ] as const;
  for (const [metric, key] of mine) {
    const c = crossing(metric, vitals[metric], `instance ${instanceId}`);
    if (c) out.push({ ...c, conditionKey: `${key}:${instanceId}`, instanceId });
  }
  const db = crossing('databaseLatencyMs', vitals.databaseLatencyMs, 'the database');
  if (db) out.push({ ...db, conditionKey: 'database:latency', instanceId });
  for (const [group, tally] of last5) {
    // A handful of requests says little: rates alert from 20 requests in 5 minutes.
    if (tally.requests < 20) continue;
    const stats = windowStatsOf(tally, 5); // its rate is not read here: only the error rate and p95
    const errors = crossing('errorRatePercent', stats.errorRatePercent, `/api/${group}`);
    if (errors) out.push({ ...errors, conditionKey: `api:${group}:errors`, instanceId });
    const slow = crossing('p95LatencyMs', stats.p95Ms, `/api/${group}`);
    if (slow) out.push({ ...slow, conditionKey: `api:${group}:p95`, instanceId });
  }
  return out;
}

import {
  statusOf,
  worstStatus,
  type RouteGroupHealth,
  type WindowStats,
} from '../../../shared/contracts/system-health';
import type { requestMetrics } from '../../db/schema';
import { addTally, emptyTally, windowStatsOf, type Tally } from './latency';

/** The two windows System Health reads: their starts, and the minutes each covers at the moment of reading. */
export type TrafficWindows = { from5: Date; minutes5: number; minutes60: number };

export type Traffic = {
  routeGroups: RouteGroupHealth[];
  /** Each instance's requests of the last 5 minutes. */
  perInstance: Map<string, Tally>;
  totals: { last5: WindowStats; last60: WindowStats };
};

/** The last hour's request minutes (every instance's) summed per route group, per instance and in all. */
export function trafficOf(
  metrics: (typeof requestMetrics.$inferSelect)[],
  { from5, minutes5, minutes60 }: TrafficWindows,
): Traffic {
  const groups = new Map<string, { last5: Tally; last60: Tally }>();
  const perInstance = new Map<string, Tally>();
  const total = { last5: emptyTally(), last60: emptyTally() };
  for (const m of metrics) {
    const row = { requests: m.requests, errors: m.errors, buckets: m.latencyBuckets };
    const g = groups.get(m.routeGroup) ?? { last5: emptyTally(), last60: emptyTally() };
    groups.set(m.routeGroup, g);
    addTally(g.last60, row);
    addTally(total.last60, row);
    if (m.minute >= from5) {
      addTally(g.last5, row);
      addTally(total.last5, row);
      addTally(
        perInstance.get(m.instanceId) ?? perInstance.set(m.instanceId, emptyTally()).get(m.instanceId)!,
        row,
      );
    }
  }
  const routeGroups = [...groups.entries()]
    .map(([group, t]) => {
      const last5 = windowStatsOf(t.last5, minutes5);
      const last60 = windowStatsOf(t.last60, minutes60);
      const status =
        t.last5.requests < 20
          ? 'healthy'
          : worstStatus([
              statusOf('errorRatePercent', last5.errorRatePercent),
              statusOf('p95LatencyMs', last5.p95Ms),
            ]);
      return { group, status, last5, last60 };
    })
    .sort((a, b) => b.last60.requests - a.last60.requests || a.group.localeCompare(b.group));
  return {
    routeGroups,
    perInstance,
    totals: {
      last5: windowStatsOf(total.last5, minutes5),
      last60: windowStatsOf(total.last60, minutes60),
    },
  };
}

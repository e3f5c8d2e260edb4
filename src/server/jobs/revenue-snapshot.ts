import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { isoDay } from '../../shared/days';
import { dailySnapshot } from '../modules/dashboard';

/**
 * Records each day's monthly recurring revenue (the dashboard's growth compares with the snapshot
 * of 30 days before), whether or not anyone opens the dashboard that day. `revenue: daily snapshot`
 * in jobs/registry.ts checks hourly; the run remembers the day it wrote, so each instance writes once
 * a day, and several instances write the same figures to the same row.
 */
export function revenueSnapshotRun(db: Db, clock: Clock) {
  const snapshot = dailySnapshot();
  return () => snapshot.write(db, isoDay(clock.now()));
}

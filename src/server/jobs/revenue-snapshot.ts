import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { dailySnapshot, isoDay } from '../modules/dashboard/revenue-snapshots';
import { startPeriodic } from './periodic';

const HOUR = 3_600_000;

/**
 * Records each day's monthly recurring revenue (the dashboard's growth compares with the snapshot
 * of 30 days before), whether or not anyone opens the dashboard that day. Checked hourly, written
 * once a day per instance; several instances write the same figures to the same row.
 */
export function startRevenueSnapshots(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  { intervalMs = HOUR, firstRunMs = 15_000 } = {},
): () => void {
  const snapshot = dailySnapshot();
  return startPeriodic('revenue: daily snapshot', log, () => snapshot.write(db, isoDay(clock.now())), {
    intervalMs,
    firstRunMs,
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { dailySnapshot, isoDay } from '../modules/dashboard/revenue-snapshots';

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
  const tick = async () => {
    try {
      await snapshot.write(db, isoDay(clock.now()));
    } catch (err) {
      log.error({ err }, 'revenue snapshot failed');
    }
  };
  const first = setTimeout(() => void tick(), firstRunMs);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deleteStaleCounters } from '../auth/attempt-counters';
import { deleteExpiredSessions } from '../auth/sessions';
import { deleteExpiredChallenges } from '../auth/sign-in-throttle';

const HOUR = 3600_000;

/**
 * Expired sessions, spent sign-in challenges and failure counters older than any window are
 * refused or ignored anyway; this only keeps their tables small. Safe on many instances.
 */
export function startSessionCleanup(db: Db, log: FastifyBaseLogger): () => void {
  const run = async () => {
    const now = new Date();
    try {
      await deleteExpiredSessions(db);
      await deleteExpiredChallenges(db, now);
      await deleteStaleCounters(db, new Date(now.getTime() - 24 * HOUR));
    } catch (err) {
      log.warn({ err }, 'session cleanup failed');
    }
  };
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

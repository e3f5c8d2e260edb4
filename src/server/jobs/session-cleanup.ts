import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deleteExpiredSessions } from '../auth/sessions';

const HOUR = 3600_000;

/** Expired sessions are refused anyway; this only keeps the table small. Safe on many instances. */
export function startSessionCleanup(db: Db, log: FastifyBaseLogger): () => void {
  const run = () =>
    deleteExpiredSessions(db).catch((err: unknown) => log.warn({ err }, 'session cleanup failed'));
  const timer = setInterval(run, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

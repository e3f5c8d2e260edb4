import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { countInWindow } from '../auth/attempt-counters';

/**
 * A store for @fastify/rate-limit that keeps its counts in the database (`attempt_counters`), so a
 * limit holds across every instance on one PostgreSQL, and embedded mode works the same. Each
 * rate-limited route counts apart (the plugin makes a child store per route), per client address.
 */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin really passes to `child`: its merged options, with the route under `routeInfo`. */
type ChildOptions = { routeInfo?: { method?: string | string[]; url?: string } };

export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = new Date();
      countInWindow(db, { scope: 'rate-limit', windowMs: timeWindow }, `${this.route}|${key}`, now).then(
        ({ count, endsAt }) =>
          callback(null, { current: count, ttl: Math.max(0, endsAt.getTime() - now.getTime()) }),
        (error: Error) => callback(error),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): DatabaseRateLimitStore {
      const info = (options as unknown as ChildOptions).routeInfo ?? {};
      return new DatabaseRateLimitStore(options, `${[info.method].flat().join(',')} ${info.url ?? ''}`);
    }
  };
}

import type { Db } from './client';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement built once per database handle: hot reads (session lookups, the public plan
 * list) skip rebuilding their SQL on every request, and PostgreSQL plans them once per connection.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (!statement) statements.set(name, (statement = build(db)));
  return statement;
}

import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { appRoot, runsFromBundle } from '../paths';
import { backupBeforeMigrations } from './backup';
import { keepCheckpointing } from './checkpoints';
import { readControlFile } from './control-file';
import { acquireDirectoryLock } from './directory-lock';
import { noteStatement } from './data-domains';
import { watchEngineStatements, type EngineStatementListener } from './engine-statements';
import { letTheLoopTurn } from './event-loop-turns';
import { compiledPgliteWasm } from './pglite-wasm';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: query helpers accept both. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Round-trip time of `select 1` in milliseconds; throws when the database does not answer. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /**
   * How long opening took, in ms: the engine or connection, then the migrations (the start-up line
   * shows them); `recovered` when the process before left the embedded database open (a kill, a
   * crash) and this open replayed the WAL written since its last checkpoint.
   */
  openedIn: { connectMs: number; migrateMs: number; recovered?: boolean };
  /** Embedded only: the whole database as a tarball, to start other databases from (tests). */
  dump?: () => Promise<Blob>;
  /**
   * Embedded only: calls `listener` with every statement and the time it held the engine (every other
   * statement waits meanwhile: db/engine-statements.ts); answers the function that stops.
   */
  onStatement?: (listener: EngineStatementListener) => () => void;
};

/** Called with every statement the app runs and its parameters (tests count and EXPLAIN a request's). */
export type QueryListener = (sql: string, params: unknown[]) => void;

export type OpenDatabaseOptions = { onQuery?: QueryListener } & (
  | { databaseUrl: string; poolSize?: number }
  /**
   * dataDir null keeps the database in memory (tests); loadDataDir starts from a dumped template;
   * migrationsFolder replaces the app's own (tests of the pre-migration backup).
   */
  | { databaseUrl?: undefined; dataDir: string | null; loadDataDir?: Blob; migrationsFolder?: string }
);

/** Every statement is noted for the freshness headers (db/data-domains.ts), and given to `onQuery` (tests). */
const loggerFor = (onQuery?: QueryListener) => ({
  logger: {
    logQuery: (query: string, params: unknown[]) => {
      noteStatement(query);
      onQuery?.(query, params);
    },
  },
});

/**
 * The migrations folder that matches the running code: the bundled server's own beside it in dist/, the
 * source tree's when running from source (tests), each falling back to the other.
 */
export function migrationsFolder(): string {
  const shipped = path.join(appRoot, 'dist/server/migrations');
  const source = path.join(appRoot, 'src/server/db/migrations');
  const candidates = runsFromBundle ? [shipped, source] : [source, shipped];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl !== undefined)
    return openPostgres(options.databaseUrl, options.poolSize, options.onQuery);
  return openPglite(options);
}

async function openPostgres(databaseUrl: string, poolSize = 10, onQuery?: QueryListener): Promise<Database> {
  // Each driver loads only when it is used: a start on one never pays for the other.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Migrate on one dedicated connection holding an advisory lock, so two instances starting
  // together against one server do not race each other through the same migration.
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const connected = performance.now();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', () => undefined); // an idle client's network error must not crash the process
  const db = drizzlePg(pool, { schema, ...loggerFor(onQuery) }) as unknown as Db;
  return {
    db,
    driver: 'pg',
    ping: () => timeSelectOne(db),
    close: () => pool.end(),
    openedIn: { connectMs: connected - started, migrateMs: performance.now() - connected },
  };
}

async function openPglite(options: {
  dataDir: string | null;
  loadDataDir?: Blob;
  onQuery?: QueryListener;
  migrationsFolder?: string;
}): Promise<Database> {
  const [engine, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    openPgliteEngine(options.dataDir, options.loadDataDir),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const { client } = engine;
  // Drizzle calls only `query` and `transaction` on its client (drizzle-orm/pglite/session.js).
  const queries = withDrizzleParsers(client) as PGlite;
  const db = drizzlePglite({ client: queries, schema, ...loggerFor(options.onQuery) }) as unknown as Db;
  const created = performance.now();
  const folder = options.migrationsFolder ?? migrationsFolder();
  try {
    // A database that was already there is backed up before a pending migration changes it.
    if (engine.dir && engine.existed) await backupBeforeMigrations(client, engine.dir, folder);
    await migratePglite(drizzlePglite({ client: queries, schema }), { migrationsFolder: folder });
  } catch (error) {
    await engine.close().catch(() => undefined);
    throw error;
  }
  const stopCheckpoints = engine.dir ? keepCheckpointing(client) : async () => {};
  const statementListeners = new Set<EngineStatementListener>();
  watchEngineStatements(client, (statement) => {
    for (const listener of statementListeners) listener(statement);
  });
  return {
    db,
    driver: 'pglite',
    ping: () => timeSelectOne(db),
    openedIn: {
      connectMs: engine.createMs,
      migrateMs: performance.now() - created,
      recovered: engine.recovered,
    },
    dump: async () => client.dumpDataDir('none'),
    onStatement: (listener) => {
      statementListeners.add(listener);
      return () => statementListeners.delete(listener);
    },
    close: async () => {
      await stopCheckpoints();
      await engine.close();
    },
  };
}

/**
 * The extensions the schema uses, given to every embedded database (the app's, a restore's): pg_trgm
 * for the search indexes (migration 0024). PostgreSQL loads an extension's library when first used;
 * PGlite needs its bundle at start, or any statement touching such an index fails.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

export type PgliteEngine = {
  client: PGlite;
  /** The data directory (absolute), or null in memory. */
  dir: string | null;
  /** Whether a database was already in the directory (false: made now, or loaded from a dump). */
  existed: boolean;
  /** Whether that database was left open (not 'shut down'), so opening it replayed its WAL. */
  recovered: boolean;
  /** How long PGlite took to start on it, in ms. */
  createMs: number;
  /** Closes the engine and releases the directory; a second call does nothing. */
  close(): Promise<void>;
};

/**
 * PGlite on `dataDir/pg` (in memory when null), the directory locked against other processes first
 * (directory-lock.ts) and released on close. No migrations: openDatabase runs them, and the backup
 * command copies a database as it is.
 */
export async function openPgliteEngine(dataDir: string | null, loadDataDir?: Blob): Promise<PgliteEngine> {
  let releaseLock = () => {};
  let dataPath: string | undefined;
  let dir: string | null = null;
  if (dataDir) {
    dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = acquireDirectoryLock(dir);
    dataPath = path.join(dir, 'pg');
  }
  const existed = !!dataPath && !loadDataDir && fs.existsSync(path.join(dataPath, 'PG_VERSION'));
  const control = existed && dataPath ? readControlFile(dataPath) : null;
  const recovered = !!control && control.state !== 'shut down';
  let client: PGlite;
  let started = 0;
  try {
    const [{ PGlite: PGliteClass }, extensions, pgliteWasmModule] = await Promise.all([
      import('@electric-sql/pglite'),
      pgliteExtensions(),
      compiledPgliteWasm(),
    ]);
    started = performance.now();
    client = await PGliteClass.create(dataPath, {
      extensions,
      ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const createMs = performance.now() - started;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      await client.close();
    } finally {
      releaseLock();
    }
  };
  return { client, dir, existed, recovered, createMs, close };
}

/**
 * The type parsers Drizzle sends with every PGlite query (drizzle-orm/pglite/session.js): timestamps,
 * dates, intervals and their arrays stay text, and Drizzle converts them itself.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  1114, // timestamp
  1184, // timestamptz
  1186, // interval
  1082, // date
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const drizzleTextTypes = new Set(DRIZZLE_TEXT_TYPES.map(String));
const asText = (value: string) => value;

type Queries = Pick<PGlite, 'query' | 'exec'>;

/** Drizzle's options without its parsers, when they are the ones the client already has as its own. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type in options.parsers) if (!drizzleTextTypes.has(type)) return options;
  const { parsers: _own, ...rest } = options;
  return rest;
}

/**
 * A statement without parameters, and one only (no `;`: a text with one inside, even in a literal,
 * takes the usual way, where several statements are an error as before).
 */
const isOneStatementWithoutParams = (text: string, params: unknown[] | undefined) =>
  !params?.length && !text.includes(';');

/**
 * Drizzle's queries on `target` (the client or a transaction). PGlite's `query` speaks the extended
 * protocol: parse, describe, bind, describe, execute and sync, six calls into the engine, where the
 * simple protocol (`exec`) makes two. For a statement without parameters, which has nothing to bind,
 * the answer is the same (rows, fields, counts, parsers, errors), for about a quarter less of its cost:
 * the staff plan list's query went from 425 to 310 µs (docs/performance.md). Each statement first lets
 * the event loop turn if a chain of statements has held it too long (event-loop-turns.ts).
 */
function drizzleQueries<T extends Queries>(target: T): Pick<PGlite, 'query'> {
  return {
    query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
      await letTheLoopTurn();
      const own = withoutDrizzleParsers(options);
      if (!isOneStatementWithoutParams(text, params)) return target.query<R>(text, params, own);
      const [result] = await target.exec(text, own);
      return result as Results<R>;
    },
  };
}

/**
 * The PGlite client as Drizzle gets it. Drizzle passes its parsers with every query, and PGlite merges
 * them into a fresh copy of its whole table of about 350 type parsers each time: about 200 µs, a third
 * of a short query's cost (docs/performance.md). Here the client takes those parsers once, as its
 * own, and Drizzle's queries (transactions included) reach it without them: the same parsers apply,
 * without the copy. Only Drizzle uses this client, and only with these parsers. Its statements without
 * parameters take the simple protocol (drizzleQueries).
 */
export function withDrizzleParsers(client: PGlite): Pick<PGlite, 'query' | 'transaction'> {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return {
    ...drizzleQueries(client),
    transaction: (work) =>
      client.transaction((tx) => work(Object.assign(Object.create(tx) as typeof tx, drizzleQueries(tx)))),
  };
}

async function timeSelectOne(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}

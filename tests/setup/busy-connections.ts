// A statement sent on a PostgreSQL connection that is still running another one waits in the
// connection's queue: inside a transaction, `Promise.all` over several statements does that. It works
// today, but node-postgres warns that its next major version refuses it, and the warning names no
// caller. The API tests on PostgreSQL record each such statement and fail the file that sent it.
import pg from 'pg';

type BusyClient = { _activeQuery?: { text?: string } | null; _queryQueue?: unknown[] };

const seen: string[] = [];
let installed = false;

const textOf = (query: unknown) =>
  String((query as { text?: string } | null)?.text ?? query)
    .replace(/\s+/g, ' ')
    .slice(0, 200);

/** From now on, notes every statement sent to a connection that is busy with another. */
export function watchBusyConnections(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: BusyClient, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue?.length)
      seen.push(`${textOf(args[0])}\n    while running: ${textOf(this._activeQuery)}`);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/** The statements noted since the last call, emptied. */
export function takeBusyConnectionStatements(): string[] {
  return seen.splice(0);
}

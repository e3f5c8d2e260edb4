import { randomUUID } from 'node:crypto';
import type { NotReadyReason } from '../modules/readiness';

// Taken this way rather than by an ES import: importing node:http as an ES module reads every export,
// and its WebSocket getters then load undici, 9 to 13 ms of every start for a gate that answers 503.
const http = process.getBuiltinModule('node:http');

/** What the port answers before the app listens: why it is not ready yet. */
export type StartingGate = {
  /** Names the step under way: `migrations` until the database is open, then `starting`. */
  phase: Extract<NotReadyReason, 'migrations' | 'starting'>;
  /** Frees the port for the app (open connections are cut: they only ever got a 503). */
  close(): Promise<void>;
};

/**
 * Listens on the app's port while the database opens and migrates (a second instance on PostgreSQL
 * waits there for the first one's migration lock) and the app is built, answering every request
 * 503 with Retry-After: GET /api/ready says why (`{status:'unavailable', reason}`), so a probe or a
 * load balancer sees "not ready yet" rather than a refused connection, and a port already taken
 * fails the start before the database is touched. main.ts closes it just before the app listens
 * (docs/operations.md).
 */
export function listenWhileStarting(port: number, host: string): Promise<StartingGate> {
  const gate: StartingGate = { phase: 'migrations', close: () => Promise.resolve() };
  const server = http.createServer((request, response) => {
    const api = request.url?.startsWith('/api/') ?? false;
    response.writeHead(503, {
      'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'retry-after': '1',
      'x-request-id': randomUUID(),
      connection: 'close',
    });
    response.end(
      api
        ? JSON.stringify({ status: 'unavailable', reason: gate.phase })
        : 'Starting up: try again in a moment.\n',
    );
  });
  gate.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(gate));
  });
}

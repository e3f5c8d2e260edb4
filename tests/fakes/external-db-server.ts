// A local external database for tests: the HTTP API we expect of one (docs/external-db.md): `GET /health`,
// `GET /api/customers` and `GET /api/users`, each behind an API key (`X-API-Key` or `Authorization: Bearer`).
// Its mode makes it a hostile source: slow past any timeout, a 500, an HTML page, JSON that breaks
// part-way, a huge list streamed row by row, or one huge row streamed in pieces. Tests switch modes on the object; a journey (another
// process) through `POST /_control`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const EXTERNAL_DB_MODES = ['normal', 'slow', 'error', 'html', 'malformed', 'huge', 'hugeRow'] as const;
export type ExternalDbMode = (typeof EXTERNAL_DB_MODES)[number];

export type ExternalDbFakeState = {
  mode: ExternalDbMode;
  /** What `normal` serves. */
  customers: unknown[];
  users: unknown[];
  /** `normal`: a bare array, or the list under its name (`{"customers": [...]}`). */
  shape: 'array' | 'object';
  /** `huge`: how many generated rows. */
  hugeRows: number;
  /** `hugeRow`: how long the one huge row is (two good rows go before it). */
  hugeRowBytes: number;
  /** `slow`: how long before the answer goes on. */
  delayMs: number;
};

export type ExternalDbFake = {
  url: string;
  port: number;
  apiKey: string;
  state: ExternalDbFakeState;
  /** List requests answered (health checks not counted). */
  listRequests: number;
  /** Bytes of list bodies written to the socket, all requests together: how much a client read. */
  bytesWritten: number;
  set(change: Partial<ExternalDbFakeState>): void;
  close(): Promise<void>;
};

/** A generated customer row, valid for our contract (huge mode, journeys). */
export const customerRowOf = (n: number, domain = 'import.example') => ({
  email: `customer${n}@${domain}`,
  firstName: 'Imported',
  lastName: `Customer ${n}`,
  companyName: `Imported Fleet ${n}`,
  phone: '+15550100000',
  city: 'Springfield',
  state: 'IL',
  country: 'US',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function authorised(req: http.IncomingMessage, apiKey: string): boolean {
  return req.headers['x-api-key'] === apiKey || req.headers.authorization === `Bearer ${apiKey}`;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

type Writer = (text: string) => Promise<void>;

async function streamHuge(res: http.ServerResponse, write: Writer, rows: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  await write('[');
  let chunk = '';
  for (let i = 1; i <= rows && !res.destroyed; i += 1) {
    chunk += `${i > 1 ? ',' : ''}${JSON.stringify(customerRowOf(i, 'huge.example'))}`;
    if (chunk.length > 16_384) {
      await write(chunk);
      chunk = '';
    }
  }
  if (!res.destroyed) await write(`${chunk}]`);
  res.end();
}

/** Two good rows, then one whose `notes` runs to `bytes`: a source that is small in rows, huge in bytes. */
async function streamHugeRow(res: http.ServerResponse, write: Writer, bytes: number) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const good = [customerRowOf(1, 'hugerow.example'), customerRowOf(2, 'hugerow.example')];
  await write(`[${good.map((r) => JSON.stringify(r)).join(',')},`);
  const head = JSON.stringify(customerRowOf(3, 'hugerow.example')).replace(/}$/, ',"notes":"');
  await write(head);
  const piece = 'x'.repeat(16_384);
  for (let sent = head.length; sent < bytes && !res.destroyed; sent += piece.length) await write(piece);
  if (!res.destroyed) await write('"}]');
  res.end();
}

export async function startExternalDb({
  port = 0,
  apiKey = 'test-external-db-key',
  ...initial
}: Partial<ExternalDbFakeState> & { port?: number; apiKey?: string } = {}): Promise<ExternalDbFake> {
  const state: ExternalDbFakeState = {
    mode: 'normal',
    customers: [],
    users: [],
    shape: 'array',
    hugeRows: 100_000,
    hugeRowBytes: 64 * 1024 * 1024,
    delayMs: 60_000,
    ...initial,
  };
  const fake = { listRequests: 0, bytesWritten: 0 } as ExternalDbFake;

  /**
   * Writes, counted, and waits while the socket is full, so a huge answer streams with flat memory on
   * both sides and goes no further than the client reads (a closed socket ends the wait too).
   */
  const writerOf =
    (res: http.ServerResponse): Writer =>
    async (text) => {
      if (res.destroyed) return;
      fake.bytesWritten += Buffer.byteLength(text);
      if (res.write(text)) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.once('drain', done);
        res.once('close', done);
      });
    };

  const answerList = async (res: http.ServerResponse, list: 'customers' | 'users') => {
    fake.listRequests += 1;
    const write = writerOf(res);
    const rows = state[list];
    switch (state.mode) {
      case 'normal':
        return json(res, 200, state.shape === 'array' ? rows : { [list]: rows, total: rows.length });
      case 'slow':
        // The answer starts, then stalls: the timeout must cover the body, not only the headers.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`[${JSON.stringify(rows[0] ?? customerRowOf(1))}`);
        await sleep(state.delayMs);
        return res.end(']');
      case 'error':
        return json(res, 500, { error: 'Internal Server Error' });
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>',
        );
      case 'malformed': {
        // Good rows first, then a broken one: the parser fails part-way through the stream.
        res.writeHead(200, { 'content-type': 'application/json' });
        const good = [customerRowOf(1, 'malformed.example'), customerRowOf(2, 'malformed.example')];
        await write(`[${good.map((r) => JSON.stringify(r)).join(',')},`);
        await sleep(20);
        return res.end('{"email": "customer3@malformed.example", "firstName": }');
      }
      case 'huge':
        return streamHuge(res, write, state.hugeRows);
      case 'hugeRow':
        return streamHugeRow(res, write, state.hugeRowBytes);
    }
  };

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    void (async () => {
      if (req.method === 'GET' && path === '/_control') return json(res, 200, { mode: state.mode });
      if (req.method === 'POST' && path === '/_control') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        fake.set(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Partial<ExternalDbFakeState>);
        return json(res, 200, { mode: state.mode });
      }
      if (!authorised(req, apiKey)) return json(res, 401, { error: 'Invalid API key' });
      if (req.method !== 'GET') return json(res, 405, { error: 'Method not allowed' });
      if (path === '/health') {
        if (state.mode === 'slow') await sleep(state.delayMs);
        if (state.mode === 'error') return json(res, 500, { status: 'down' });
        if (state.mode === 'html') {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html><body>It works!</body></html>');
        }
        return json(res, 200, { status: 'ok' });
      }
      if (path === '/api/customers') return answerList(res, 'customers');
      if (path === '/api/users') return answerList(res, 'users');
      return json(res, 404, { error: 'Not found' });
    })().catch(() => res.destroy());
  });
  // A stalled answer must not keep close() waiting.
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    apiKey,
    state,
    set(change: Partial<ExternalDbFakeState>) {
      Object.assign(state, change);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

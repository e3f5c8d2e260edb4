// The pieces of a real deployment for the multi-instance test: server processes started from source,
// an HAProxy in front of them, and a small HTTP client that can speak from any loopback address (so
// the servers see distinct clients through X-Forwarded-For).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stop, track } from '../setup/processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on right now (the kernel's pick, released for the process that will bind it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One request as the server's log tells it: which instance answered what, to whom, with what status. */
export type Served = { method: string; url: string; remoteAddress: string; status?: number };

export type Instance = {
  name: string;
  port: number;
  pid: number;
  /** Every request this instance logged, in order. */
  served: Served[];
  /** Every JSON log line, parsed. */
  logs: Record<string, unknown>[];
  /** The last lines of output, for a failure's message. */
  tail(): string;
  exited: Promise<number | null>;
  /** The exit code once it has exited (-1: by a signal), else undefined. */
  exitedCode(): number | null | undefined;
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
};

/** Starts `src/server/main.ts` as `npm run dev` does (tsx), with exactly the environment given. */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? os.tmpdir(),
      TMPDIR: os.tmpdir(),
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = track(child);
  const lines: string[] = [];
  const served: Served[] = [];
  const logs: Record<string, unknown>[] = [];
  const byReqId = new Map<unknown, Served>();
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 400) lines.shift();
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      logs.push(entry);
      const req = entry.req as Served | undefined;
      if (entry.msg === 'incoming request' && req) {
        served.push(req);
        byReqId.set(entry.reqId, req);
      }
      const res = entry.res as { statusCode?: number } | undefined;
      const answered = byReqId.get(entry.reqId);
      if (entry.msg === 'request completed' && answered) {
        answered.status = res?.statusCode;
        byReqId.delete(entry.reqId);
      }
    } catch {
      // a partial or foreign line: kept in `lines` only
    }
  };
  readline.createInterface({ input: child.stdout! }).on('line', keep);
  readline.createInterface({ input: child.stderr! }).on('line', keep);
  return {
    name,
    port,
    pid: child.pid!,
    served,
    logs,
    tail: () => lines.slice(-40).join('\n'),
    exited,
    exitedCode: () => (child.exitCode !== null ? child.exitCode : child.signalCode !== null ? -1 : undefined),
    kill: (signal) => child.kill(signal),
    stop: () => stop(child, exited),
  };
}

/** Whether a server answers its health check directly (not through the balancer). */
export async function answersHealth(port: number, healthPath: string): Promise<boolean> {
  const res = await send(port, 'GET', healthPath, {}).catch(() => null);
  return res?.status === 200;
}

/** HAProxy: the `haproxy` on PATH, Debian's /usr/sbin/haproxy (not on a user's PATH), or $HAPROXY. */
export function haproxyBinary(): string | null {
  const candidates = [process.env.HAPROXY, 'haproxy', '/usr/sbin/haproxy'].filter(Boolean) as string[];
  return candidates.find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0) ?? null;
}

export type BalancerConfig = {
  port: number;
  statsPort: number;
  servers: { name: string; port: number }[];
  /** The path the balancer checks each server on. */
  healthPath: string;
};

/**
 * The HAProxy configuration of docs/deployment.md, on loopback ports and with checks fast enough for
 * a test (every 500 ms, down after 2 failures). Keep the two in step.
 */
export function haproxyConfig({ port, statsPort, servers, healthPath }: BalancerConfig): string {
  return `global
  maxconn 512
  # One line per request on stdout (the test keeps the last ones for a failure's message).
  log stdout format raw local0 info

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout queue 10s
  # A request that never reached a server (refused, reset before it was sent) is tried again, on
  # another server: safe for every method. One that reached a server is never sent twice.
  retries 3
  retry-on conn-failure
  option redispatch 1

frontend web
  bind 127.0.0.1:${port}
  # Only the balancer says who the client is: a client's own X-Forwarded-For is dropped, then
  # option forwardfor appends the address the connection came from.
  http-request del-header X-Forwarded-For
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  default_backend app

backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${healthPath}
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export type Balancer = {
  port: number;
  /** Each server's state as HAProxy sees it: UP, DOWN, ... */
  states(): Promise<Record<string, string>>;
  tail(): string;
  stop(): Promise<void>;
};

export function startBalancer(binary: string, config: BalancerConfig): Balancer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(config));
  const child = spawn(binary, ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = track(child);
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > 200) lines.shift();
  };
  readline.createInterface({ input: child.stdout! }).on('line', keep);
  readline.createInterface({ input: child.stderr! }).on('line', keep);
  return {
    port: config.port,
    async states() {
      const res = await send(config.statsPort, 'GET', '/stats;csv', {});
      const [header, ...rows] = res.body.trim().split('\n');
      const columns = header!.replace(/^# /, '').split(',');
      const at = (name: string) => columns.indexOf(name);
      return Object.fromEntries(
        rows
          .map((row) => row.split(','))
          .filter((cells) => cells[at('pxname')] === 'app' && cells[at('svname')] !== 'BACKEND')
          .map((cells) => [cells[at('svname')]!, cells[at('status')]!]),
      );
    },
    tail: () => lines.slice(-40).join('\n'),
    async stop() {
      await stop(child, exited);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Reply = {
  status: number;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
  /** `name=value` of each cookie set, for a Cookie header. */
  cookies: string[];
};

export type SendOptions = {
  /** The loopback address the request comes from (default 127.0.0.1). */
  from?: string;
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** One request on its own connection (so the balancer picks a server for each). */
export function send(port: number, method: string, url: string, options: SendOptions): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        localAddress: options.from,
        agent: false,
        timeout: 60_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body,
            json: () => JSON.parse(body),
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in 60 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

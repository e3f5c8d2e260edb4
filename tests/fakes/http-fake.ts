// What the local provider servers (hubspot-server.ts, salesforce-server.ts) share: the schedule of
// failures a test asks for, listening and closing, and the two ways a provider can be out of reach.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ForcedFailure = {
  status: number;
  retryAfterSeconds?: number;
  message?: string;
  /** The request is carried out before the failure is answered (a 5xx or timeout after the write). */
  applied?: boolean;
};

/** `failNext`/`failWith` of a fake: which failure, if any, the next API request must answer. */
export function failureSchedule() {
  let pending: { count: number; failure: ForcedFailure; after: number } | null = null;
  let always: number | null = null;
  return {
    /** The next `count` requests (after `after` more have passed) answer `failure`. */
    failNext(count: number, failure: ForcedFailure, options: { after?: number } = {}) {
      pending = { count, failure, after: options.after ?? 0 };
    },
    /** Every request answers `status` until called again with null. */
    failWith(status: number | null) {
      always = status;
    },
    /** The control endpoint's form: `{count, status, retryAfterSeconds, after}`. */
    fromControl(input: Record<string, unknown>, defaultStatus: number) {
      this.failNext(
        Number(input.count ?? 1),
        {
          status: Number(input.status ?? defaultStatus),
          retryAfterSeconds:
            input.retryAfterSeconds === undefined ? undefined : Number(input.retryAfterSeconds),
        },
        { after: Number(input.after ?? 0) },
      );
    },
    /** Consumes one request: the failure it must answer, or null. */
    take(): ForcedFailure | null {
      if (pending && pending.after > 0) {
        pending.after -= 1;
      } else if (pending && pending.count > 0) {
        const failure = pending.failure;
        if (--pending.count === 0) pending = null;
        return failure;
      }
      return always !== null ? { status: always } : null;
    },
    clear() {
      pending = null;
      always = null;
    },
  };
}

/** Listens on 127.0.0.1 (`port` or any free one); answers the base URL and a close that ends open sockets. */
export async function listen(server: http.Server, port?: number) {
  await new Promise<void>((resolve) => server.listen(port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A URL where nothing listens: connections are refused. */
export async function unreachableUrl(): Promise<string> {
  const { url, close } = await listen(http.createServer());
  await close();
  return url;
}

/** A server that accepts requests and never answers them. */
export function startSilentServer() {
  return listen(
    http.createServer(() => {
      /* never answers */
    }),
  );
}

/**
 * Answers `status` and its headers, starts the body and never finishes it: what a client whose timeout
 * stops at the headers waits on forever.
 */
export function stallAfterHeaders(res: http.ServerResponse, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'content-length': '4096' });
  res.write('[{"id":');
}

/** Hostile 200 answers a provider's API should never give: an HTML page, `{}`, JSON cut short. */
export type GarbledAnswer = 'html' | 'empty' | 'truncated';

export function sendGarbled(res: http.ServerResponse, kind: GarbledAnswer, truncated: string) {
  res.statusCode = 200;
  if (kind === 'html') {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    return res.end(
      '<!DOCTYPE html><html><body><h1>Please wait while we check your browser</h1></body></html>',
    );
  }
  res.setHeader('content-type', 'application/json;charset=utf-8');
  res.end(kind === 'empty' ? '{}' : truncated);
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const METRICS_TOKEN_REQUIRED_MESSAGE =
  'Metrics need the METRICS_TOKEN as `Authorization: Bearer <token>`';
export const METRICS_LOOPBACK_ONLY_MESSAGE =
  'Metrics are served only to this machine (loopback, not through a proxy); set METRICS_TOKEN to scrape them from elsewhere';

/** Headers a proxy adds: a request carrying one came through a proxy, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/** Equal tokens, compared in constant time (both hashed first, so their lengths say nothing either). */
function sameToken(given: string, expected: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Who may read `GET /metrics`, or why not. With METRICS_TOKEN set: only a request bearing it (401
 * otherwise). Without: only a request from this machine, which must hold for the socket's address and
 * for `request.ip` (the client TRUST_PROXY names) alike, and which must not carry a proxy's forwarding
 * header: behind a reverse proxy on the same machine every socket is loopback.
 */
export function metricsRefusal(
  request: FastifyRequest,
  token: string | undefined,
): { status: 401 | 403; message: string } | null {
  if (token !== undefined) {
    const header = request.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return given && sameToken(given, token) ? null : { status: 401, message: METRICS_TOKEN_REQUIRED_MESSAGE };
  }
  const local =
    isLoopback(request.socket.remoteAddress) &&
    isLoopback(request.ip) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
  return local ? null : { status: 403, message: METRICS_LOOPBACK_ONLY_MESSAGE };
}

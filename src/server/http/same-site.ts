import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from our own pages (or the address bar), not from another site: the
 * browser's `Sec-Fetch-Site`, or, from a browser too old to send it, a `Referer` of our own
 * origin. A request with neither is treated as cross-site: another site can strip the Referer.
 * Used where a GET changes state (the spec's logout by navigation).
 */
export function isSameSiteRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'same-site' || site === 'none';
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

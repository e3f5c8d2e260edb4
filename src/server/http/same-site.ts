import type { FastifyRequest } from 'fastify';

/**
 * Whether a request comes from our own pages (or the address bar), not from another site: the
 * browser's `Sec-Fetch-Site`, or, from a browser too old to send it, a `Referer` naming our host.
 * A request with neither is treated as cross-site: another site can strip the Referer.
 * Used where a GET changes state (logout by navigation, docs/product-rules.md).
 *
 * The Referer is compared by host, as the Origin check on mutations (`security.ts`) is: behind a
 * proxy that ends TLS without TRUST_PROXY the request looks like plain HTTP while the page was
 * HTTPS, and a scheme mismatch would send the confirmation page's own 'Log out' back to itself.
 */
export function isSameSiteRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'same-site' || site === 'none';
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    const from = new URL(referer);
    if (from.protocol !== 'https:' && from.protocol !== 'http:') return false;
    // Our host read under the Referer's scheme, so a default port written out on one side only
    // (`localhost:80`) still compares equal.
    return from.host === new URL(`${from.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type helmetType from 'helmet';

/**
 * The `helmet` that @fastify/helmet wraps (its own dependency, with its version). @fastify/helmet
 * runs `helmet(options)` anew on every request, rebuilding and re-checking every header from the
 * options (about 100 µs a request here, docs/performance.md); our options are constant, so the
 * headers are made by the same helmet once, at start, and set on every answer as they are.
 */
const fastifyHelmetPath = createRequire(import.meta.url).resolve('@fastify/helmet');
const helmet = createRequire(fastifyHelmetPath)('helmet') as typeof helmetType;
export type SecurityHeaderOptions = Parameters<typeof helmetType>[0];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/** What Stripe.js and Elements load when Stripe is the payment provider (its iframes, API and 3-D Secure). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Helmet's options for our pages: the strict Content-Security-Policy and helmet's other defaults. */
export function securityHeaderOptions(options: { dev: boolean; stripe: boolean }): SecurityHeaderOptions {
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : []);
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev server needs its inline refresh preamble and a websocket; production does not.
        scriptSrc: [...(options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]), ...stripe('script')],
        // Radix positions popovers with inline styles and its scroll lock injects a <style> tag.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...stripe('img')],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [...(options.dev ? ["'self'", 'ws:'] : ["'self'"]), ...stripe('connect')],
        frameSrc: ["'self'", ...stripe('frame')],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets with these options, by running its middleware once. Every one of them is
 * constant (no nonces, no directive computed per request), so each answer can carry this copy.
 */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * CSRF defence (docs/product-rules.md): SameSite=Lax cookies, bodies only as JSON (no form or text posts),
 * and a mutating request that names an Origin must name ours. Then helmet's headers on every answer.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { dev: boolean; stripe: boolean },
): Promise<void> {
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host !== request.host) return reply.status(403).send({ message: CROSS_SITE_MESSAGE });
  });

  const headers = securityHeaders(securityHeaderOptions(options));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

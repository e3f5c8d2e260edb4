import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * CSRF defence (DECISIONS.md): SameSite=Lax cookies, bodies only as JSON (no form or text posts),
 * and a mutating request that names an Origin must name ours.
 */
/** What Stripe.js and Elements load when Stripe is the payment provider (its iframes, API and 3-D Secure). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

export async function registerSecurity(
  app: FastifyInstance,
  options: { dev: boolean; stripe: boolean },
): Promise<void> {
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : []);
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

  await app.register(helmet, {
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
  });
}

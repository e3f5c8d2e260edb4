import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countInWindow } from '../../auth/attempt-counters';
import { STAFF_COOKIE } from '../../auth/sessions';
import { customerToken } from '../../auth/access';
import type { Db } from '../../db/client';
import { actorOf, recordAudit } from './service';

/**
 * Security events the OWASP logging guidance asks for that no service writes itself
 * (docs/audit-logs.md "What is audited"): every refused request (401, 403) and every validation failure
 * (400) on a staff route, as one audit row each, with the route (its pattern, never the raw URL, which may
 * carry a token), the status and the fields that failed (names only, never the values).
 *
 * Bounded: at most `PER_ADDRESS_PER_MINUTE` such rows a minute per signed-in person, or per client
 * address for anonymous requests, counted in the database (every instance shares the count); the row that reaches the limit says so, and later ones in
 * that minute are not written. Sign-in failures are written by the sign-in service (and the sign-in
 * routes are rate-limited); the session probes every visitor makes without a credential are not events.
 */
export const PER_ADDRESS_PER_MINUTE = 30;

const SESSION_PROBES = new Set(['GET /api/auth/user', 'GET /api/auth/customer']);

const presentedCredential = (request: FastifyRequest) =>
  Boolean(request.cookies?.[STAFF_COOKIE] || customerToken(request));

function fieldsOf(payload: unknown): string[] | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { errors?: Record<string, unknown> };
    return body.errors ? Object.keys(body.errors).slice(0, 20) : undefined;
  } catch {
    return undefined;
  }
}

export function registerSecurityEventAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status !== 400 && status !== 401 && status !== 403) return payload;
    if (!request.url.startsWith('/api')) return payload;
    const access = request.routeOptions.config?.access;
    const route = `${request.method} ${request.routeOptions.url ?? '(unknown route)'}`;
    let action: 'access_denied' | 'validation_failed';
    if (status === 400) {
      // Validation failures on staff routes only (customers' forms fail by the thousand, harmlessly).
      if (!access || !('staff' in access || 'tab' in access)) return payload;
      action = 'validation_failed';
    } else {
      // A public route's 401 is a failed sign-in, audited by the sign-in service with its reason.
      if (status === 401 && access && 'public' in access) return payload;
      if (status === 401 && SESSION_PROBES.has(route) && !presentedCredential(request)) return payload;
      action = 'access_denied';
    }
    try {
      const actor = actorOf(request);
      // Per person when signed in, else per client address (behind a proxy, set TRUST_PROXY).
      const subject = actor.actorId ? `${actor.actorType}:${actor.actorId}` : `ip:${request.ip ?? 'unknown'}`;
      const { count } = await countInWindow(
        db,
        { scope: 'security-event', windowMs: 60_000 },
        subject,
        new Date(),
      );
      if (count > PER_ADDRESS_PER_MINUTE) return payload;
      await recordAudit(db, actor, {
        action,
        resourceType: 'request',
        resourceId: route,
        newValues: {
          status,
          ...(action === 'validation_failed' ? { fields: fieldsOf(payload) ?? [] } : {}),
          ...(count === PER_ADDRESS_PER_MINUTE ? { limitReached: true } : {}),
        },
        success: false,
      });
    } catch (err) {
      request.log.warn({ err }, 'could not audit a refused request');
    }
    return payload;
  });
}

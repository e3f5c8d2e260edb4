import { isIP } from 'node:net';
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
 * Bounded (docs/audit-logs.md "Flood bound"): at most `PER_ADDRESS_PER_MINUTE` such rows a minute per
 * signed-in person, or per client address for anonymous requests (an IPv6 client by its /64, which one
 * subscriber usually holds whole), counted in the database so every instance shares the count; the row
 * that reaches the limit says so, and later ones in that minute are not written. On top of that each
 * instance writes at most `ANONYMOUS_PER_MINUTE` anonymous rows a minute whatever the addresses, and logs
 * one warning a minute when it stops. Both limits are checked in memory first, so a flood past them costs
 * no database statement. Sign-in failures are written by the sign-in service (and the sign-in routes are
 * rate-limited); the session probes every visitor makes without a credential are not events.
 */
export const PER_ADDRESS_PER_MINUTE = 30;
/** Anonymous refusal rows one instance writes a minute, all addresses together. */
export const ANONYMOUS_PER_MINUTE = 600;

const SESSION_PROBES = new Set(['GET /api/auth/user', 'GET /api/auth/customer']);

const presentedCredential = (request: FastifyRequest) =>
  Boolean(request.cookies?.[STAFF_COOKIE] || customerToken(request));

/** The eight 16-bit groups of an IPv6 address, as lowercase hex without leading zeros. */
function ipv6Groups(address: string): string[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4) as two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16).toString(16));
}

/**
 * Whom an anonymous request is counted as: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 network.
 */
export function addressSubject(ip: string | undefined): string {
  if (!ip) return 'ip:unknown';
  if (isIP(ip) !== 6) return `ip:${ip}`;
  const groups = ipv6Groups(ip);
  if (!groups) return `ip:${ip}`;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const n = (parseInt(groups[6]!, 16) << 16) | parseInt(groups[7]!, 16);
    return `ip:${[n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.')}`;
  }
  return `ip6:${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * This instance's own counts for the current minute: per subject, and anonymous rows overall. Checked
 * before the database; both are forgotten when the minute turns, so memory holds at most one minute's
 * subjects (and no more than `ANONYMOUS_PER_MINUTE` anonymous ones).
 */
export class SecurityEventBudget {
  private minute = -1;
  private perSubject = new Map<string, number>();
  private anonymous = 0;
  private warned = false;

  constructor(
    readonly perSubjectLimit = PER_ADDRESS_PER_MINUTE,
    readonly anonymousLimit = ANONYMOUS_PER_MINUTE,
  ) {}

  /**
   * May one more event of this subject go on to the database? `'ceiling'` the first time in a minute
   * the anonymous ceiling refuses one (the caller logs it once), else `true` or `false`.
   */
  take(subject: string, anonymous: boolean, nowMs: number): boolean | 'ceiling' {
    const minute = Math.floor(nowMs / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.perSubject.clear();
      this.anonymous = 0;
      this.warned = false;
    }
    const seen = this.perSubject.get(subject) ?? 0;
    if (seen >= this.perSubjectLimit) return false;
    if (anonymous) {
      if (this.anonymous >= this.anonymousLimit) {
        if (this.warned) return false;
        this.warned = true;
        return 'ceiling';
      }
      this.anonymous += 1;
    }
    this.perSubject.set(subject, seen + 1);
    return true;
  }
}
function fieldsOf(payload: unknown): string[] | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { errors?: Record<string, unknown> };
    return body.errors ? Object.keys(body.errors).slice(0, 20) : undefined;
  } catch {
    return undefined;
  }
}

export function registerSecurityEventAudit(
  app: FastifyInstance,
  db: Db,
  budget = new SecurityEventBudget(),
): void {
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
      const anonymous = !actor.actorId;
      const subject = anonymous ? addressSubject(request.ip) : `${actor.actorType}:${actor.actorId}`;
      const allowed = budget.take(subject, anonymous, Date.now());
      if (allowed === 'ceiling') {
        request.log.warn(
          { limit: budget.anonymousLimit },
          "anonymous refusals past this instance's limit a minute: no more are audited this minute",
        );
      }
      if (allowed !== true) return payload;
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

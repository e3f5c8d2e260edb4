import type { AutoLoginRefusal } from '../../../shared/contracts/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  validateFleetCrmToken,
  type FleetCrmLog,
  type FleetCrmRefusal,
} from '../../integrations/fleet-crm/validate-token';
import type { AuditActor } from '../audit';
import type { Mailer } from '../email-events';
import { validateFleetToken } from '../portal';
import { recordFleetCrmRefusal, signInFromFleetCrm } from './customer-sign-in';
import { createFleetCrmSession } from './service';

/*
 * The automatic login from the fleet CRM (docs/fleet-crm.md): the
 * portal opened with `auth` (a token) and `email`. Whose word makes the session:
 * - FLEET_CRM_URL set: the external CRM's, asked by this server at FLEET_CRM_VALIDATE_URL in this
 *   very call (never the browser's word that it was asked). Without a validation URL, nobody can
 *   vouch for the token, so the auto-login is refused (docs/fleet-crm.md).
 * - Otherwise the built-in fleet app plays the CRM: the token is one of our own customer sessions.
 */

export type AutoLoginOutcome =
  { ok: true; token: string; expiresAt: Date } | { ok: false; failure: AutoLoginRefusal };

const REFUSALS: Record<FleetCrmRefusal, AutoLoginRefusal> = {
  refused: 'fleet_crm_refused',
  'email-mismatch': 'fleet_crm_refused',
  timeout: 'fleet_crm_timeout',
  unreachable: 'fleet_crm_unavailable',
  'bad-status': 'fleet_crm_unavailable',
  'not-json': 'fleet_crm_unavailable',
  malformed: 'fleet_crm_unavailable',
};

export async function autoLogin(
  db: Db,
  config: Pick<Config, 'fleetCrmUrl' | 'fleetCrmValidateUrl' | 'fleetCrmTimeoutMs'>,
  actor: AuditActor,
  input: { token: string; email: string; ttlMs: number; mail: Mailer; log: FleetCrmLog },
): Promise<AutoLoginOutcome> {
  if (!config.fleetCrmUrl) return builtInAutoLogin(db, actor, input);
  if (!config.fleetCrmValidateUrl) {
    await recordFleetCrmRefusal(db, actor, input.email, 'not_configured');
    return { ok: false, failure: 'fleet_crm_not_configured' };
  }
  const verdict = await validateFleetCrmToken(
    { url: config.fleetCrmValidateUrl, timeoutMs: config.fleetCrmTimeoutMs },
    { token: input.token, email: input.email },
    input.log,
  );
  if (!verdict.ok) {
    await recordFleetCrmRefusal(db, actor, input.email, verdict.reason);
    return { ok: false, failure: REFUSALS[verdict.reason] };
  }
  const signedIn = await signInFromFleetCrm(db, actor, {
    email: verdict.email,
    ttlMs: input.ttlMs,
    mail: input.mail,
  });
  if (!signedIn.ok) {
    return {
      ok: false,
      failure: signedIn.errorType === 'account_suspended' ? 'account_suspended' : 'no_account',
    };
  }
  return { ok: true, token: signedIn.token, expiresAt: signedIn.expiresAt };
}

/** The built-in fleet app as the CRM: the token is a live session of ours, of this email. */
async function builtInAutoLogin(
  db: Db,
  actor: AuditActor,
  input: { token: string; email: string; ttlMs: number },
): Promise<AutoLoginOutcome> {
  const user = await validateFleetToken(db, input.token, input.email);
  if (!user) return { ok: false, failure: 'link_expired' };
  const session = await createFleetCrmSession(
    db,
    { ...actor, actorType: 'customer', actorId: user.id, actorEmail: user.email },
    { user, ttlMs: input.ttlMs, ip: actor.ipAddress ?? '', userAgent: actor.userAgent },
  );
  return { ok: true, ...session };
}

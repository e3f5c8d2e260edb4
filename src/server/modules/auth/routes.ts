import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTO_LOGIN_FAILURES,
  adminLoginResponse,
  autoLoginRefusal,
  createCustomerSessionRequest,
  createCustomerSessionResponse,
  customerAuthState,
  customerLoginResponse,
  loginRequest,
  signInLimitResponse,
  staffUser,
  type AutoLoginRefusal,
  type LoginRequest,
} from '../../../shared/contracts/auth';
import { access, errorResponse } from '../../../shared/contracts/common';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { clearSessionCookie, setSessionCookie } from '../../auth/cookies';
import { customerToken, notePrincipalReads } from '../../auth/access';
import {
  CHALLENGE_REQUIRED_MESSAGE,
  admitSignIn,
  signInSucceeded,
  type SignInScope,
} from '../../auth/sign-in-throttle';
import { CUSTOMER_COOKIE, STAFF_COOKIE } from '../../auth/sessions';
import { validateFleetToken } from '../portal';
import { isSameSiteRequest } from '../../http/same-site';
import { plainPage } from '../../http/plain-page';
import { actorOf, customerActor } from '../audit';
import { securitySettingsOf, staffPreferenceDefaultsOf } from '../system-settings';
import { autoLogin } from './auto-login';
import { signInCustomer } from './customer-sign-in';
import { signOut, toSessionCustomer, toStaffUser } from './service';
import { signInStaff } from './staff-sign-in';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** Plain HTML, no script (the CSP allows none inline): a same-site link is the confirmation. */
function confirmLogoutPage(appName: string): string {
  return plainPage({
    appName,
    title: 'Log out?',
    heading: `Log out of ${appName}?`,
    text: `This sign-out was not requested from ${appName} itself, so your session is still open. Log out only if you meant to.`,
    links: [
      { href: '/api/admin/logout', label: 'Log out' },
      { href: '/admin', label: 'Back to the back-office' },
    ],
  });
}

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

export async function authRoutes(app: FastifyInstance, { db, config, mail }: Services) {
  const route = routesFor(app, 'auth');
  if (config.fleetCrmUrl && !config.fleetCrmValidateUrl) {
    app.log.warn(
      'FLEET_CRM_URL is set without FLEET_CRM_VALIDATE_URL: automatic logins from the fleet CRM are refused until it is set (docs/fleet-crm.md)',
    );
  }

  // Two limits on every sign-in: per client address (route config, a plain limit) and per account
  // (auth/sign-in-throttle.ts: failures only, staff and customers apart, past the threshold a
  // proof of work instead of a lock a stranger could put on someone else's account).
  const perIp = {
    max: config.loginRateLimitPerIp,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_SIGN_INS }),
  };
  // Session lifetime and the per-account threshold and window are System Settings → Security
  // (docs/system-settings.md), read at each sign-in so a change holds from the next one.
  const security = () => securitySettingsOf(db, config);
  const sessionTtlMs = async () => (await security()).sessionLifetimeHours * 3_600_000;
  /** Runs one sign-in behind the per-account throttle; answers 429 with a challenge when one is due. */
  const throttled = async <T extends { ok: boolean }>(
    scope: SignInScope,
    { email, proof }: LoginRequest,
    reply: FastifyReply,
    signIn: (onSuccess: (tx: Tx) => Promise<void>, ttlMs: number) => Promise<T>,
  ): Promise<T | null> => {
    const { lockoutThreshold, lockoutWindowMinutes, sessionLifetimeHours } = await security();
    const throttle = {
      threshold: lockoutThreshold,
      windowMs: lockoutWindowMinutes * 60_000,
      difficulty: config.signInChallengeBits,
    };
    const admission = await admitSignIn(db, throttle, scope, email, proof, new Date());
    if (!admission.admitted) {
      void reply.status(429).send({
        success: false,
        message: CHALLENGE_REQUIRED_MESSAGE,
        errorType: 'challenge_required',
        challenge: admission.challenge,
      });
      return null;
    }
    // A success takes the count back in the sign-in's own transaction: no extra commit.
    return signIn((tx) => signInSucceeded(tx, scope, email), sessionLifetimeHours * 3_600_000);
  };

  route.post('/api/auth/admin-login', {
    access: access.public,
    summary: 'Staff sign-in: sets the staff session cookie',
    rateLimit: perIp,
    body: loginRequest,
    response: { 200: adminLoginResponse, 401: adminLoginResponse, 429: signInLimitResponse },
    handler: async (request, reply) => {
      const result = await throttled('staff-sign-in', request.body, reply, (onSuccess, ttlMs) =>
        signInStaff(
          db,
          actorOf(request),
          {
            ...request.body,
            ttlMs,
            idleTimeoutSeconds: config.staffIdleTimeoutSeconds,
            mail: mail,
          },
          onSuccess,
        ),
      );
      if (!result) return reply;
      if (!result.ok) {
        return reply
          .status(401)
          .send({ success: false, message: result.message, errorType: result.errorType });
      }
      setSessionCookie(config, request, reply, STAFF_COOKIE, result.token, result.expiresAt);
      return { success: true, message: 'Login successful', user: result.user };
    },
  });

  route.get('/api/auth/user', {
    access: access.staffBeforePasswordSet,
    summary: 'The signed-in staff user, with their role, permissions and preferences',
    response: { 200: staffUser, 401: errorResponse },
    handler: async (request) => {
      notePrincipalReads(request);
      return toStaffUser(request.staffUser, await staffPreferenceDefaultsOf(db));
    },
  });

  const endStaffSession = async (request: FastifyRequest) => {
    const token = request.cookies[STAFF_COOKIE];
    if (!token) return;
    const staff = await request.staff();
    await signOut(
      db,
      token,
      staff && {
        actor: actorOf(request, { actorType: 'staff', actorId: staff.id, actorEmail: staff.email }),
        subjectId: staff.id,
      },
    );
  };

  // Logout by navigation (docs/product-rules.md): a link elsewhere must not sign staff out, so only a same-site
  // request ends the session; any other gets a page that asks, with a button that is same-site.
  route.get('/api/admin/logout', {
    access: access.public,
    summary: 'End the staff session (browser navigation) and go to the sign-in page',
    handler: async (request, reply) => {
      if (!isSameSiteRequest(request)) {
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(confirmLogoutPage(config.appName));
      }
      await endStaffSession(request);
      clearSessionCookie(config, request, reply, STAFF_COOKIE);
      return reply.redirect('/admin-login');
    },
  });

  route.get('/api/logout', {
    access: access.public,
    summary: 'End the staff session (same-site requests only)',
    response: { 200: z.object({ success: z.boolean() }), 403: errorResponse },
    handler: async (request, reply) => {
      if (!isSameSiteRequest(request)) {
        return reply.status(403).send({ message: 'Sign out from the Motorpool pages.' });
      }
      await endStaffSession(request);
      clearSessionCookie(config, request, reply, STAFF_COOKIE);
      return { success: true };
    },
  });

  route.get('/api/login', {
    access: access.public,
    summary: 'External identity sign-in is not configured: go to the sign-in page',
    handler: async (_request, reply) => reply.redirect('/admin-login'),
  });

  route.post('/api/auth/dealer-login', {
    access: access.public,
    summary: 'Customer sign-in: sets the portal session cookie and answers its token and where to go next',
    rateLimit: perIp,
    body: loginRequest,
    response: {
      200: customerLoginResponse,
      401: customerLoginResponse,
      403: customerLoginResponse,
      429: signInLimitResponse,
    },
    handler: async (request, reply) => {
      const result = await throttled('customer-sign-in', request.body, reply, (onSuccess, ttlMs) =>
        signInCustomer(db, actorOf(request), { ...request.body, ttlMs, mail: mail }, onSuccess),
      );
      if (!result) return reply;
      if (!result.ok) {
        // The right password into a suspended account: 403, the account is known and closed to it.
        return reply
          .status(result.errorType === 'account_suspended' ? 403 : 401)
          .send({ success: false, message: result.message, errorType: result.errorType });
      }
      setSessionCookie(config, request, reply, CUSTOMER_COOKIE, result.token, result.expiresAt);
      return {
        success: true,
        message: 'Login successful',
        token: result.token,
        customer: result.customer,
        // A password someone else chose (staff, or the inviter of a team member) is replaced first.
        redirectUrl: result.customer.isPasswordSet
          ? fleetCrmRedirect(config, result.token, result.customer.email)
          : '/change-password',
      };
    },
  });

  // The built-in fleet CRM's validation endpoint: checks a token *we* issued (the one sign-in hands
  // the CRM in its redirect), so an external CRM can check it too. The portal's automatic login does
  // not rely on it: create-customer-session checks the token itself (docs/fleet-crm.md).
  route.post('/api/fleet-crm/validate-token', {
    access: access.public,
    summary: 'Check a customer session token issued at sign-in (for the fleet CRM)',
    rateLimit: perIp,
    body: z.object({ token: z.string().min(1).max(200), email: z.string().trim().toLowerCase().max(254) }),
    response: {
      200: z.object({
        success: z.boolean(),
        user: autoLoginUser.extend({ firstName: z.string(), lastName: z.string() }).optional(),
        message: z.string(),
      }),
      401: z.object({ success: z.boolean(), message: z.string() }),
    },
    handler: async (request, reply) => {
      const user = await validateFleetToken(db, request.body.token, request.body.email);
      if (!user)
        return reply
          .status(401)
          .send({ success: false, message: 'This sign-in link is invalid or has expired.' });
      const { teamMemberId: _member, sessionId: _session, ...person } = user;
      return { success: true, user: { ...person, token: request.body.token }, message: 'Token is valid' };
    },
  });

  // The automatic login's session: the token is checked here, by the server, in the same call
  // (auto-login.ts: against the external fleet CRM when configured, else our own sessions).
  route.post('/api/auth/create-customer-session', {
    access: access.public,
    summary: "The automatic login: open a portal session from the fleet CRM's token",
    rateLimit: perIp,
    body: createCustomerSessionRequest,
    response: {
      200: createCustomerSessionResponse,
      401: autoLoginRefusal,
      403: autoLoginRefusal,
      502: autoLoginRefusal,
      503: autoLoginRefusal,
      504: autoLoginRefusal,
    },
    handler: async (request, reply) => {
      const { user, tab } = request.body;
      const outcome = await autoLogin(db, config, actorOf(request), {
        token: user.token,
        email: user.email,
        ttlMs: await sessionTtlMs(),
        mail: mail,
        log: request.log,
      });
      if (!outcome.ok) {
        return reply.status(AUTO_LOGIN_STATUS[outcome.failure]).send({
          success: false,
          message: AUTO_LOGIN_FAILURES[outcome.failure],
          errorType: outcome.failure,
        });
      }
      setSessionCookie(config, request, reply, CUSTOMER_COOKIE, outcome.token, outcome.expiresAt);
      return { success: true, tab: tab ?? null };
    },
  });

  route.get('/api/auth/customer', {
    access: access.public,
    summary: 'Whether a customer is signed in, and who',
    response: { 200: customerAuthState },
    handler: async (request) => {
      const customer = await request.customer();
      return { isAuthenticated: !!customer, customer: customer ? toSessionCustomer(customer) : null };
    },
  });

  route.post('/api/auth/customer-logout', {
    access: access.public,
    summary: 'End the customer session (cookie or bearer token)',
    response: { 200: z.object({ success: z.boolean() }) },
    handler: async (request, reply) => {
      const token = customerToken(request);
      if (token) {
        const customer = await request.customer();
        await signOut(
          db,
          token,
          customer && { actor: actorOf(request, customerActor(customer)), subjectId: customer.id },
        );
      }
      clearSessionCookie(config, request, reply, CUSTOMER_COOKIE);
      return { success: true };
    },
  });
}

const autoLoginUser = createCustomerSessionRequest.shape.user;

/** A refusal the CRM gave is a 401; one it could not give (down, slow, not set up) is a gateway's. */
const AUTO_LOGIN_STATUS: Record<AutoLoginRefusal, 401 | 403 | 502 | 503 | 504> = {
  link_expired: 401,
  fleet_crm_refused: 401,
  no_account: 401,
  account_suspended: 403,
  fleet_crm_unavailable: 502,
  fleet_crm_timeout: 504,
  fleet_crm_not_configured: 503,
};

/** After sign-in the browser goes to the external fleet CRM when configured, else to the portal. */
function fleetCrmRedirect(config: Config, token: string, email: string): string {
  if (!config.fleetCrmUrl) return '/customer-dashboard';
  const url = new URL(config.fleetCrmUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  url.searchParams.set('externalAuth', 'true');
  return url.toString();
}

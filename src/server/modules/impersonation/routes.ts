import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { access, errorResponse } from '../../../shared/contracts/common';
import { customerRedirectRequest, customerRedirectResponse } from '../../../shared/contracts/impersonation';
import { canOpenTab, hasPermission } from '../../../shared/roles';
import { setSessionCookie } from '../../auth/cookies';
import { CUSTOMER_COOKIE } from '../../auth/sessions';
import { plainPage } from '../../http/plain-page';
import { actorOf } from '../audit';
import { createImpersonationToken, useImpersonationToken, type ImpersonationRefusal } from './service';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** Where the browser lands once the pass is spent; the fleet app reads `as=staff` (docs/impersonation.md). */
export const IMPERSONATION_LANDING = '/fleet-management?as=staff';
export const IMPERSONATION_USE_PATH = '/api/external/impersonate';

const BACK_TO_FLEET = { href: '/admin?tab=fleet', label: 'Back to Customer CRM Fleet' };
const AGAIN = "Open the customer's fleet again from Customer CRM Fleet to get a new link.";

type Refusal = ImpersonationRefusal | 'signed_out' | 'not_allowed';

/** Each refusal as a page a person can act on: the link opened in a browser tab, not a script. */
const REFUSALS: Record<Refusal, { status: number; heading: string; text: string; signIn?: true }> = {
  invalid: {
    status: 400,
    heading: 'This link is not valid',
    text: `The link to the customer's fleet app is incomplete or was changed, or the account no longer exists. ${AGAIN}`,
  },
  used: {
    status: 410,
    heading: 'This link was already used',
    text: `Each link opens the customer's fleet app once. ${AGAIN}`,
  },
  expired: {
    status: 410,
    heading: 'This link has expired',
    text: `A link to a customer's fleet app works for 5 minutes. ${AGAIN}`,
  },
  other_staff: {
    status: 403,
    heading: 'This link is for another staff member',
    text: "Only the staff member who opened the customer's fleet app can use its link.",
  },
  suspended: {
    status: 409,
    heading: 'This account is suspended',
    text: 'Reactivate the account before opening its fleet app.',
  },
  signed_out: {
    status: 401,
    heading: 'Sign in to the back-office first',
    text: "Opening a customer's fleet app needs your staff session in this browser. Sign in, then open the customer's fleet again.",
    signIn: true,
  },
  not_allowed: {
    status: 403,
    heading: "You cannot open customers' fleet apps",
    text: "Opening a customer's fleet app as staff needs the permission to edit customers. Ask an admin for it.",
  },
};

export async function impersonationRoutes(app: FastifyInstance, services: Services) {
  const { config } = services;
  const route = routesFor(app, 'impersonation');

  const refuse = (reply: FastifyReply, refusal: Refusal) => {
    const page = REFUSALS[refusal];
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        plainPage({
          appName: config.appName,
          title: page.heading,
          heading: page.heading,
          text: page.text,
          links: page.signIn ? [{ href: '/admin-login', label: 'Sign in' }] : [BACK_TO_FLEET],
        }),
      );
  };

  // The original API names the path; the body and answer are ours (docs/impersonation.md).
  route.post('/api/external/customer-redirect', {
    access: access.staffPermission('fleet', 'canEditCustomers'),
    summary: "A one-time link, valid 5 minutes, that opens the customer's fleet app as this staff member",
    body: customerRedirectRequest,
    response: { 200: customerRedirectResponse, 404: errorResponse, 409: errorResponse },
    handler: async (request) => {
      const { token } = await createImpersonationToken(
        services,
        { ...actorOf(request), actorId: request.staffUser.id },
        request.body.customerId,
      );
      return { url: `${IMPERSONATION_USE_PATH}?token=${encodeURIComponent(token)}` };
    },
  });

  // Opened by the browser in a new tab: every answer is a page or a redirect, never JSON. Public,
  // because a refusal must be a page too; the staff session is checked here, and the pass is spent
  // only by the staff member it was made for (a leaked link opens nothing in another browser).
  route.get(IMPERSONATION_USE_PATH, {
    access: access.public,
    rateLimit: { max: config.loginRateLimitPerIp, timeWindow: '1 minute' },
    summary: "Spend a one-time link: a customer session marked as staff's, then the fleet app",
    querystring: z.object({ token: z.string().max(2000).optional() }),
    handler: async (request, reply) => {
      const token = request.query.token ?? '';
      const staff = await request.staff();
      if (!staff) return refuse(reply, 'signed_out');
      if (
        !canOpenTab(staff.role, 'fleet') ||
        !hasPermission(staff.role, staff.permissions, 'canEditCustomers')
      )
        return refuse(reply, 'not_allowed');
      const actor = actorOf(request, { actorType: 'staff', actorId: staff.id, actorEmail: staff.email });
      const used = await useImpersonationToken(services, { ...actor, actorId: staff.id }, token);
      if (!used.ok) return refuse(reply, used.reason);
      setSessionCookie(config, request, reply, CUSTOMER_COOKIE, used.token, used.expiresAt);
      return reply.header('cache-control', 'no-store').redirect(IMPERSONATION_LANDING);
    },
  });
}

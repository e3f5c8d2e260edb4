import type { FastifyInstance } from 'fastify';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  PASSWORD_RESET_SENT_MESSAGE,
  passwordResetConfirm,
  passwordResetDone,
  passwordResetRequest,
  passwordResetSent,
} from '../../../shared/contracts/password-reset';
import { actorOf } from '../audit';
import { confirmPasswordReset, requestPasswordReset } from './service';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** "Forgot password?" for customers and staff (docs/password-reset.md). */
export async function passwordResetRoutes(app: FastifyInstance, { db, clock, config, mail }: Services) {
  const route = routesFor(app, 'auth');
  const deps = { db, clock, mail };
  // Per client address, like sign-in; per email address and per account in the service.
  const perIp = { max: Math.max(5, config.loginRateLimitPerIp), timeWindow: '1 minute' };

  route.post('/api/auth/password-reset', {
    access: access.public,
    rateLimit: perIp,
    summary: 'Forgot password: emails a single-use link valid for one hour (the same answer for any address)',
    body: passwordResetRequest,
    response: { 200: passwordResetSent },
    handler: async (request) => {
      await requestPasswordReset(deps, actorOf(request), request.body);
      return { success: true as const, message: PASSWORD_RESET_SENT_MESSAGE };
    },
  });

  route.post('/api/auth/password-reset/confirm', {
    access: access.public,
    rateLimit: perIp,
    summary: 'Sets a new password with a reset link; ends every session of the account',
    body: passwordResetConfirm,
    response: { 200: passwordResetDone, 400: errorResponse },
    handler: async (request) => {
      const { accountType } = await confirmPasswordReset(deps, actorOf(request), request.body);
      return {
        success: true as const,
        message: 'Your password has been changed. Sign in with your new password.',
        accountType,
      };
    },
  });
}

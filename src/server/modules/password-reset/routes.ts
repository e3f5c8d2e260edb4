import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

/** "Forgot password?" for customers and staff (docs/password-reset.md). */
export async function passwordResetRoutes(app: FastifyInstance, { db, clock, config, mail }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db, clock, mail };
  // Per client address, like sign-in; per email address and per account in the service.
  const perIp = { max: Math.max(5, config.loginRateLimitPerIp), timeWindow: '1 minute' };

  r.post('/api/auth/password-reset', {
    config: { access: access.public, rateLimit: perIp },
    schema: {
      summary:
        'Forgot password: emails a single-use link valid for one hour (the same answer for any address)',
      tags: ['auth'],
      body: passwordResetRequest,
      response: { 200: passwordResetSent },
    },
    handler: async (request) => {
      await requestPasswordReset(deps, actorOf(request), request.body);
      return { success: true as const, message: PASSWORD_RESET_SENT_MESSAGE };
    },
  });

  r.post('/api/auth/password-reset/confirm', {
    config: { access: access.public, rateLimit: perIp },
    schema: {
      summary: 'Sets a new password with a reset link; ends every session of the account',
      tags: ['auth'],
      body: passwordResetConfirm,
      response: { 200: passwordResetDone, 400: errorResponse },
    },
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

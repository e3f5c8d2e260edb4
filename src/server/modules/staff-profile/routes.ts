import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffUser } from '../../../shared/contracts/auth';
import { access, errorResponse, successResponse } from '../../../shared/contracts/common';
import {
  preferencesSaved,
  preferencesUpdateRequest,
  profileUpdateRequest,
  signedOutOthers,
  staffChangePasswordRequest,
  staffSessionList,
  userActivityPage,
  userActivityQuery,
} from '../../../shared/contracts/staff-profile';
import { loadStaffSession, STAFF_COOKIE } from '../../auth/sessions';
import { staffPreferenceDefaultsOf } from '../system-settings';
import { toStaffUser } from '../auth';
import {
  changeStaffPassword,
  listOwnSessions,
  ownActivity,
  savePreferences,
  signOutOtherSessions,
  updateProfile,
} from './service';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';

/** The profile dialog's own calls: every one acts on the signed-in member only (docs/staff-profile.md). */
export async function staffProfileRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => staffContext(request, services);
  /** The member as they are after the change (the session principal is read before it). */
  const reloaded = async (request: FastifyRequest) => {
    const me = await loadStaffSession(db, request.cookies[STAFF_COOKIE]!);
    return toStaffUser(me ?? request.staffUser, await staffPreferenceDefaultsOf(db));
  };

  r.patch('/api/admin/profile', {
    config: { access: access.staff },
    schema: {
      summary: 'Your own name, email and phone',
      tags: ['profile'],
      body: profileUpdateRequest,
      response: {
        200: z.object({ success: z.literal(true), message: z.string(), user: staffUser }),
        409: errorResponse,
      },
    },
    handler: async (request) => {
      await updateProfile(ctx(request), request.body);
      return {
        success: true as const,
        message: 'Your profile has been successfully updated',
        user: await reloaded(request),
      };
    },
  });

  r.post('/api/admin/change-password', {
    config: { access: access.staffBeforePasswordSet },
    schema: {
      summary: 'Your own password: the current one is checked; your other sessions end',
      tags: ['profile'],
      body: staffChangePasswordRequest,
      response: { 200: successResponse, 400: errorResponse, 429: errorResponse },
    },
    handler: async (request) => {
      await changeStaffPassword(ctx(request), request.body);
      return { success: true, message: 'Your password has been successfully updated' };
    },
  });

  r.get('/api/admin/sessions', {
    config: { access: access.staff },
    schema: {
      summary: 'Your live sessions, this one marked',
      tags: ['profile'],
      response: { 200: staffSessionList },
    },
    handler: async (request) => listOwnSessions(db, request.staffUser),
  });

  r.post('/api/admin/sessions/sign-out-others', {
    config: { access: access.staff },
    schema: {
      summary: 'End every session of yours but this one',
      tags: ['profile'],
      response: { 200: signedOutOthers },
    },
    handler: async (request) => {
      const ended = await signOutOtherSessions(ctx(request));
      const message =
        ended === 0
          ? 'No other sessions were open'
          : `Signed out of ${ended} other session${ended === 1 ? '' : 's'}`;
      return { success: true as const, message, ended };
    },
  });

  r.put('/api/admin/preferences', {
    config: { access: access.staff },
    schema: {
      summary: 'Your preferences: theme, timezone for dates, dashboard refresh',
      tags: ['profile'],
      body: preferencesUpdateRequest,
      response: { 200: preferencesSaved },
    },
    handler: async (request) => ({
      success: true as const,
      preferences: await savePreferences(ctx(request), request.body, await staffPreferenceDefaultsOf(db)),
    }),
  });

  r.get('/api/admin/user-activity', {
    config: { access: access.staff },
    schema: {
      summary: 'Your own audit trail, newest first, paged',
      tags: ['profile'],
      querystring: userActivityQuery,
      response: { 200: userActivityPage },
    },
    handler: async (request) => ownActivity(db, request.staffUser.id, request.query),
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { routesFor } from '../../http/routes-for';

/** The profile dialog's own calls: every one acts on the signed-in member only (docs/staff-profile.md). */
export async function staffProfileRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const route = routesFor(app, 'profile');
  const ctx = (request: FastifyRequest) => staffContext(request, services);
  /** The member as they are after the change (the session principal is read before it). */
  const reloaded = async (request: FastifyRequest) => {
    const me = await loadStaffSession(db, request.cookies[STAFF_COOKIE]!);
    return toStaffUser(me ?? request.staffUser, await staffPreferenceDefaultsOf(db));
  };

  route.patch('/api/admin/profile', {
    access: access.staff,
    summary: 'Your own name, email and phone',
    body: profileUpdateRequest,
    response: {
      200: z.object({ success: z.literal(true), message: z.string(), user: staffUser }),
      409: errorResponse,
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

  route.post('/api/admin/change-password', {
    access: access.staffBeforePasswordSet,
    summary: 'Your own password: the current one is checked; your other sessions end',
    body: staffChangePasswordRequest,
    response: { 200: successResponse, 400: errorResponse, 429: errorResponse },
    handler: async (request) => {
      await changeStaffPassword(ctx(request), request.body);
      return { success: true, message: 'Your password has been successfully updated' };
    },
  });

  route.get('/api/admin/sessions', {
    access: access.staff,
    summary: 'Your live sessions, this one marked',
    response: { 200: staffSessionList },
    handler: async (request) => listOwnSessions(db, request.staffUser),
  });

  route.post('/api/admin/sessions/sign-out-others', {
    access: access.staff,
    summary: 'End every session of yours but this one',
    response: { 200: signedOutOthers },
    handler: async (request) => {
      const ended = await signOutOtherSessions(ctx(request));
      const message =
        ended === 0
          ? 'No other sessions were open'
          : `Signed out of ${ended} other session${ended === 1 ? '' : 's'}`;
      return { success: true as const, message, ended };
    },
  });

  route.put('/api/admin/preferences', {
    access: access.staff,
    summary: 'Your preferences: theme, timezone for dates, dashboard refresh',
    body: preferencesUpdateRequest,
    response: { 200: preferencesSaved },
    handler: async (request) => ({
      success: true as const,
      preferences: await savePreferences(ctx(request), request.body, await staffPreferenceDefaultsOf(db)),
    }),
  });

  route.get('/api/admin/user-activity', {
    access: access.staff,
    summary: 'Your own audit trail, newest first, paged',
    querystring: userActivityQuery,
    response: { 200: userActivityPage },
    handler: async (request) => ownActivity(db, request.staffUser.id, request.query),
  });
}

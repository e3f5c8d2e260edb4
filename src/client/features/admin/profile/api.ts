import { successResponse } from '@shared/contracts/common';
import {
  preferencesSaved,
  signedOutOthers,
  staffSessionList,
  userActivityPage,
  type ProfileUpdateRequest,
  type StaffChangePasswordRequest,
  type PreferencesUpdate,
} from '@shared/contracts/staff-profile';
import { apiJson, apiMutation, pagedQuery, endpointQuery } from '@client/lib/calls';

/*
 * The profile dialog's calls (docs/staff-profile.md). The member's own details and
 * preferences live in the staff session (`STAFF_USER_QUERY_KEY`): every change to them refreshes it,
 * and the shell follows (the header's name, the theme, the timezone of dates, the dashboard's refresh).
 */

/** GET /api/admin/sessions: the member's live sessions, this one marked. */
export const staffSessionsQuery = endpointQuery(['/api/admin/sessions'], staffSessionList);

export type ActivityPageRequest = { page: number; pageSize: number };

/** GET /api/admin/user-activity: one page of the member's own audit trail, newest first. */
export const userActivityQuery = (request: ActivityPageRequest) =>
  pagedQuery(['/api/admin/user-activity'], userActivityPage, request);

/** PATCH /api/admin/profile: name, email and phone of the signed-in member. */
export const useUpdateProfile = apiMutation((input: ProfileUpdateRequest) =>
  apiJson('PATCH', '/api/admin/profile', successResponse, input),
);

/** POST /api/admin/change-password: the server checks the current password and ends other sessions. */
export const useChangeStaffPassword = apiMutation((input: StaffChangePasswordRequest) =>
  apiJson('POST', '/api/admin/change-password', successResponse, input),
);

/** POST /api/admin/sessions/sign-out-others: ends every session of the member but this one. */
export const useSignOutOtherSessions = apiMutation(() =>
  apiJson('POST', '/api/admin/sessions/sign-out-others', signedOutOthers),
);

/** PUT /api/admin/preferences, without the hook: the header's theme toggle saves through it too. */
export const savePreferences = (preferences: PreferencesUpdate) =>
  apiJson('PUT', '/api/admin/preferences', preferencesSaved, preferences);

/** PUT /api/admin/preferences from the Preferences tab. */
export const useSavePreferences = apiMutation(savePreferences);

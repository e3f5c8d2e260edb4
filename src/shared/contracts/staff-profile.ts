import { z } from 'zod';
import { STAFF_THEMES, STAFF_TIMEZONES, type StaffTimezone } from '../staff-preferences';
import { passwordUnderRules, staffPreferencesField } from './auth';
import { pagedQuery, pageOf, requiredText } from './common';

/**
 * The user profile dialog (its tabs, preferences, password rules and texts:
 * docs/staff-profile.md): the signed-in member's own details, password, sessions, preferences and
 * activity. Calls: `PATCH /api/admin/profile`, `POST /api/admin/change-password`,
 * `GET /api/admin/sessions`, `POST /api/admin/sessions/sign-out-others`, `GET/PUT /api/admin/preferences`,
 * `GET /api/admin/user-activity`.
 */

export const profileUpdateRequest = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .email('Please enter a valid email address'),
  phone: z.string().trim().max(30, 'Phone must be at most 30 characters').optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>;

export const PASSWORD_MISMATCH_TITLE = 'Password mismatch';
export const PASSWORD_MISMATCH_MESSAGE = 'New passwords do not match';
export const PASSWORD_TOO_SHORT_TITLE = 'Password too short';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters long';
export const WRONG_CURRENT_STAFF_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD_MESSAGE = 'Choose a password different from the current one';

/** `POST /api/admin/change-password`: the five password rules (the checklist the dialog shows). */
export const staffChangePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    // The staff text for the length rule, the same the 'Password too short' toast shows.
    newPassword: passwordUnderRules(PASSWORD_TOO_SHORT_MESSAGE),
    confirmPassword: z.string({ error: PASSWORD_MISMATCH_MESSAGE }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORD_MISMATCH_MESSAGE,
    path: ['confirmPassword'],
  });
export type StaffChangePasswordRequest = z.infer<typeof staffChangePasswordRequest>;

/** One of the member's live sessions; `current` is the one asking. No session id leaves the server. */
export const staffSessionItem = z.object({
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  expiresAt: z.string(),
});
export const staffSessionList = z.object({ items: z.array(staffSessionItem) });
export const signedOutOthers = z.object({ success: z.literal(true), message: z.string(), ended: z.number() });

const timezoneValues = STAFF_TIMEZONES.map((t) => t.value) as [StaffTimezone, ...StaffTimezone[]];

/**
 * `PUT /api/admin/preferences`: any of the preferences, each from its list; the others stay
 * as the member saved them, or keep following the company's defaults (docs/system-settings.md).
 */
export const preferencesUpdateRequest = z
  .object({
    theme: z.enum(STAFF_THEMES, { error: 'Choose light, dark or system' }),
    timezone: z.enum(timezoneValues, { error: 'Choose a timezone from the list' }),
    dashboardRefresh: z.union([z.literal(15), z.literal(30), z.literal(60), z.literal(300)], {
      error: 'Choose 15, 30, 60 or 300 seconds',
    }),
  })
  .partial();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateRequest>;
export const preferencesSaved = z.object({ success: z.literal(true), preferences: staffPreferencesField });

/** The Activity tab: the member's own audit trail, newest first. */
export const userActivityItem = z.object({
  id: z.number(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  success: z.boolean(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export const userActivityQuery = pagedQuery({}, { defaultPageSize: 10, maxPageSize: 50 });
export const userActivityPage = pageOf(userActivityItem);

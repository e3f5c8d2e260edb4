import * as z from 'zod/mini';
import { PERMISSION_FLAGS, STAFF_ROLES } from '../roles';
import { STAFF_THEMES } from '../staff-preferences';

/*
 * `GET /api/auth/user`, the signed-in staff member: `staffUser` of auth.ts written again with zod/mini.
 * Every staff screen checks the session before anything else, so the admin shell's first load parses
 * this answer; zod/mini's core keeps that about 12 kB lighter than zod itself (bench: admin shell JS).
 * staff-session.test.ts checks that both describe the same JSON.
 */
export const staffSession = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  role: z.enum(STAFF_ROLES),
  permissions: z.partialRecord(z.enum(PERMISSION_FLAGS), z.boolean()),
  isPasswordSet: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
  preferences: z.object({
    theme: z.enum(STAFF_THEMES),
    timezone: z.string(),
    dashboardRefresh: z.number(),
  }),
});

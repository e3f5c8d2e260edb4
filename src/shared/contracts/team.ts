import { z } from 'zod';
import { emailDelivery } from './email-delivery';
import { PERMISSION_FLAGS, STAFF_ROLES, type PermissionFlag } from '../roles';
import { pagedQuery, pageOf, requiredText, searchField, sortField } from './common';

/**
 * Team management (the team user, create and edit, texts:
 * docs/team-management.md). Calls: `GET/POST /api/admin/users`, `PATCH/DELETE /api/admin/users/{id}`,
 * `PATCH /api/admin/users/{id}/role`, `GET /api/admin/users/stats`, `POST /api/admin/generate-secure-password`.
 */

/** Create user offers admin or sales. */
export const CREATE_USER_ROLES = ['admin', 'sales'] as const;
/**
 * Edit user offers admin, sales and root, and manager too: the role exists (it opens the team tab
 * itself) and a member who holds it must be editable without losing it (docs/team-management.md).
 */
export const EDIT_USER_ROLES = ['admin', 'manager', 'sales', 'root'] as const;

/** The edit dialog's six groups of the twelve flags. */
export const PERMISSION_GROUPS: readonly { label: string; flags: readonly PermissionFlag[] }[] = [
  { label: 'Customer Management', flags: ['canViewCustomers', 'canEditCustomers', 'canDeleteCustomers'] },
  { label: 'Plan Management', flags: ['canViewPlans', 'canEditPlans'] },
  { label: 'Payment Management', flags: ['canViewPayments', 'canProcessRefunds'] },
  { label: 'Analytics', flags: ['canViewAnalytics'] },
  { label: 'Team Management', flags: ['canViewTeamManagement', 'canManageUsers'] },
  { label: 'Settings Management', flags: ['canViewSettings', 'canEditSettings'] },
];

export const PERMISSION_LABELS: Record<PermissionFlag, string> = {
  canViewCustomers: 'View customers',
  canEditCustomers: 'Edit customers',
  canDeleteCustomers: 'Delete customers',
  canViewPlans: 'View plans',
  canEditPlans: 'Edit plans',
  canViewPayments: 'View payments',
  canProcessRefunds: 'Process refunds',
  canViewAnalytics: 'View analytics',
  canViewTeamManagement: 'View team management',
  canManageUsers: 'Manage users',
  canViewSettings: 'View settings',
  canEditSettings: 'Edit settings',
};

export const permissionsField = z.partialRecord(z.enum(PERMISSION_FLAGS), z.boolean());

/** A team member as the team screen reads it (without any password). */
export const teamUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  permissions: permissionsField,
  /** False until the member replaces the password they were given. */
  isPasswordSet: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TeamUser = z.infer<typeof teamUser>;

export const TEAM_SORTS = [
  'name',
  '-name',
  'createdAt',
  '-createdAt',
  'lastLoginAt',
  '-lastLoginAt',
] as const;
export const teamListQuery = pagedQuery({
  search: searchField,
  role: z.enum(STAFF_ROLES, { error: 'Unknown role' }).optional(),
  sort: sortField(TEAM_SORTS, 'name'),
});
export type TeamListQuery = z.infer<typeof teamListQuery>;
export const teamPage = pageOf(teamUser);

/** The four summary cards, over the whole team and every commission. */
export const teamStats = z.object({
  totalUsers: z.number(),
  salesTeam: z.number(),
  /** Dollars: the sum of every commission amount (refund adjustments are negative). */
  totalCommissions: z.number(),
  activeRates: z.number(),
});
export type TeamStats = z.infer<typeof teamStats>;

/** 10 digits, or 11 starting with 1. */
export const PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const PHONE_VALID_TEXT = 'Valid phone number format';
export const REQUIRED_CREATE_MESSAGE = 'Please fill all required fields (including phone and address)';
export const REQUIRED_EDIT_MESSAGE = 'Please fill all required fields';

/**
 * A '+1' the box wrote (or the person typed) is the country code, never the area code's first digit:
 * without this, the box's own "+1 (5" would read as the digits 1 and 5 at the next keystroke.
 */
function nationalDigits(input: string): string {
  const text = input.trim();
  if (text.startsWith('+1')) return text.slice(2).replace(/\D/g, '');
  const digits = text.replace(/\D/g, '');
  return digits.length >= 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The digits of a phone entry, without a leading country code 1; null when it is not a US number. */
export function phoneDigits(input: string): string | null {
  const digits = nationalDigits(input);
  return digits.length === 10 ? digits : null;
}

/**
 * As typed: +1 (xxx) xxx-xxxx, filled in as the digits come (max length 18). The area code's
 * ')' comes with the fourth digit, so deleting back through it is not undone by the next format.
 */
export function formatPhoneInput(input: string): string {
  const digits = nationalDigits(input).slice(0, 10);
  if (!digits) return '';
  const area = digits.slice(0, 3);
  const mid = digits.slice(3, 6);
  const last = digits.slice(6);
  let out = `+1 (${area}`;
  if (mid) out += `) ${mid}`;
  if (last) out += `-${last}`;
  return out;
}

const requiredEmail = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, 'Email is too long')
    .email('Please enter a valid email address');

const phoneField = z
  .string({ error: REQUIRED_CREATE_MESSAGE })
  .trim()
  .min(1, REQUIRED_CREATE_MESSAGE)
  .max(18, PHONE_MESSAGE)
  .refine((p) => phoneDigits(p) !== null, PHONE_MESSAGE)
  .transform((p) => formatPhoneInput(phoneDigits(p)!));

/**
 * Create user (docs/team-management.md). Permissions default by role on the server when not sent. The server
 * generates the member's password and emails it to them (issue 14): no password is sent or answered.
 */
export const TEMPORARY_PASSWORD_REFUSED =
  'The temporary password is generated by the server and sent to the member by email; leave it out';

export const createUserRequest = z.object({
  email: requiredEmail(REQUIRED_CREATE_MESSAGE),
  firstName: requiredText(REQUIRED_CREATE_MESSAGE, 100),
  lastName: requiredText(REQUIRED_CREATE_MESSAGE, 100),
  phone: phoneField,
  address: requiredText(REQUIRED_CREATE_MESSAGE, 500),
  role: z.enum(CREATE_USER_ROLES, { error: 'Choose admin or sales' }),
  permissions: permissionsField.optional(),
  /**
   * Callers may still send it; the product never takes a password from the creator (it is generated
   * and goes to the member by email, sealed; docs/team-management.md), so a value is refused with why,
   * rather than dropped while the caller believes it was used.
   */
  temporaryPassword: z.never({ error: TEMPORARY_PASSWORD_REFUSED }).optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

/** Edit user: `sendNewPassword` generates a new password and emails it to the member. */
export const updateUserRequest = z.object({
  email: requiredEmail(REQUIRED_EDIT_MESSAGE),
  firstName: requiredText(REQUIRED_EDIT_MESSAGE, 100),
  lastName: requiredText(REQUIRED_EDIT_MESSAGE, 100),
  phone: phoneField.optional().or(z.literal('').transform(() => undefined)),
  address: z.string().trim().max(500).optional(),
  role: z.enum(EDIT_USER_ROLES, { error: 'Choose a role from the list' }).optional(),
  permissions: permissionsField.optional(),
  sendNewPassword: z.boolean().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const changeRoleRequest = z.object({
  role: z.enum(EDIT_USER_ROLES, { error: 'Choose a role from the list' }),
});

export const userSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  user: teamUser,
  /** A save that emailed a password (create, or Edit's new password): what became of that email. */
  delivery: emailDelivery.nullable().optional(),
});

/** 12 characters from a set without look-alikes (no 0/O, 1/l/I), from a cryptographic source. */
export const GENERATED_PASSWORD_LENGTH = 12;
export const GENERATED_PASSWORD_ALPHABET = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digits: '23456789',
  symbols: '!@#$%^&*?',
} as const;

/** A sales user to pick (commission rates, the customer dialogs' assigned sales user). */
export const salesUserOption = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type SalesUserOption = z.infer<typeof salesUserOption>;
export const salesUserOptions = z.array(salesUserOption);

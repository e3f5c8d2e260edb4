import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { PERMISSION_FLAGS, STAFF_ROLES } from '../roles';
import { STAFF_THEMES } from '../staff-preferences';
import { sessionImpersonator } from './impersonation';
import { FEATURE_ACCESS_FLAGS } from '../feature-access';

/** The five password rules (docs/product-rules.md), each with its own message, in the order they are shown. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'upper',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (p: string) => /[A-Z]/.test(p),
  },
  {
    id: 'lower',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (p: string) => /[a-z]/.test(p),
  },
  {
    id: 'number',
    label: 'One number',
    message: 'Password must contain at least one number',
    test: (p: string) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain at least one special character',
    test: (p: string) => /[^A-Za-z0-9]/.test(p),
  },
] as const;

/**
 * A new password under the five rules. The length rule's text differs by side: the customer's is
 * 'Password must be at least 8 characters'; staff passwords say "... long".
 */
export function passwordUnderRules(lengthMessage: string = PASSWORD_RULES[0].message) {
  return PASSWORD_RULES.reduce(
    (schema, rule) => schema.refine(rule.test, rule.id === 'length' ? lengthMessage : rule.message),
    z.string({ error: 'Password is required' }).max(200, 'Password must be at most 200 characters'),
  );
}

export const strongPassword = passwordUnderRules();

/** Sign-in forms (customer and staff share their texts: docs/customer-portal.md). */
export const loginRequest = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
  /** A solved sign-in challenge, sent only after the server asked for one (docs/decisions/0003). */
  proof: z
    .object({ challengeId: z.string().min(1).max(100), nonce: z.string().regex(/^\d{1,16}$/) })
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * After too many failed sign-ins for one account, the server asks the browser for a proof of work
 * before it checks a password: find a nonce such that SHA-256(`{id}:{nonce}`) starts with
 * `difficulty` zero bits. It slows guessing down without refusing the right password.
 */
export const signInChallenge = z.object({ id: z.string(), difficulty: z.number().int() });
export type SignInChallenge = z.infer<typeof signInChallenge>;
/** A 429 at sign-in: the per-address limit (message only) or the per-account challenge. */
export const signInLimitResponse = z.object({
  success: z.literal(false).optional(),
  message: z.string(),
  errorType: z.literal('challenge_required').optional(),
  challenge: signInChallenge.optional(),
});

/** The member's preferences as the shell applies them (shared/staff-preferences.ts). */
export const staffPreferencesField = z.object({
  theme: z.enum(STAFF_THEMES),
  timezone: z.string(),
  dashboardRefresh: z.number(),
});

export const staffUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  permissions: z.partialRecord(z.enum(PERMISSION_FLAGS), z.boolean()),
  isPasswordSet: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  preferences: staffPreferencesField,
});
export type StaffUser = z.infer<typeof staffUser>;

export const adminLoginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  user: staffUser.optional(),
  errorType: z.string().optional(),
});

/** Who a signed-in customer is: the start of both the session's customer and the portal profile. */
export const customerIdentity = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  companyName: z.string(),
  phone: z.string().nullable(),
});
export type CustomerIdentity = z.infer<typeof customerIdentity>;

export const sessionCustomer = customerIdentity.extend({
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  status: z.string(),
  subscriptionStatus: z.string(),
  trialEndsAt: z.string().nullable(),
  /** fleet_admin or fleet_user. */
  role: z.string(),
  isPasswordSet: z.boolean(),
  /** False for a team member signed in to the account. */
  isOwner: z.boolean(),
  teamMemberId: z.string().nullable(),
  /**
   * The staff member who opened this session into the account (docs/impersonation.md), or null.
   * The fleet app shows them a banner and hides billing and passwords; the server refuses those.
   */
  impersonator: sessionImpersonator.nullable().default(null),
  /**
   * The account's feature access switches (docs/feature-access.md): the fleet app locks the tab of a
   * switch that is off, and the server refuses its routes.
   */
  featureAccess: z.record(z.enum(FEATURE_ACCESS_FLAGS), z.boolean()),
});
export type SessionCustomer = z.infer<typeof sessionCustomer>;

export const customerLoginResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string().optional(),
  customer: sessionCustomer.optional(),
  /** Where the browser goes next: the configured external fleet CRM, or the portal (docs/fleet-crm.md). */
  redirectUrl: z.string().optional(),
  errorType: z.string().optional(),
});

export const customerAuthState = z.object({
  isAuthenticated: z.boolean(),
  customer: sessionCustomer.nullable(),
});

/** POST /api/fleet-crm/validate-token: the fleet CRM's auto-login token checked. */
export const validateTokenResponse = z.object({
  success: z.boolean(),
  user: z
    .object({ email: z.string(), token: z.string(), firstName: z.string(), lastName: z.string() })
    .optional(),
  message: z.string(),
});

/**
 * POST /api/auth/create-customer-session: the auto-login's token and email, checked by the server
 * itself (against the external fleet CRM when one is configured, else against our own sessions)
 * before the session is made.
 */
export const createCustomerSessionRequest = z.object({
  user: z.object({
    email: z.string().trim().toLowerCase().max(254),
    // An external CRM's token may be a signed JWT, far longer than our own session tokens.
    token: z.string().min(10).max(4096),
    // A fleet CRM passes on the user validate-token answered, names included (docs/fleet-crm.md); they
    // are not used (the session is the account's, whatever a caller calls it).
    firstName: z.string().max(200).optional(),
    lastName: z.string().max(200).optional(),
  }),
  tab: z.string().max(40).optional(),
});

/** POST /api/auth/create-customer-session: the auto-login's own session (the cookie is set). */
export const createCustomerSessionResponse = z.object({ success: z.boolean(), tab: z.string().nullable() });

/**
 * Why an automatic login was refused: the refusal's `errorType`, and the `?reason=` the sign-in page
 * turns into one of these fixed texts (never text taken from the address).
 */
export const AUTO_LOGIN_FAILURES = {
  link_expired: 'This sign-in link is invalid or has expired. Please sign in again.',
  fleet_crm_refused: 'Fleet CRM could not confirm your sign-in. Please sign in again.',
  fleet_crm_timeout: 'Fleet CRM did not answer in time. Please sign in again.',
  fleet_crm_unavailable: 'Fleet CRM could not be reached to confirm your sign-in. Please sign in again.',
  fleet_crm_not_configured:
    'Automatic sign-in from Fleet CRM is not set up on this server. Please sign in with your password.',
  no_account: 'Fleet CRM confirmed your sign-in, but no account here uses that email address.',
  account_suspended: 'This account is suspended. Please contact support.',
  /** The browser's own fallback: no answer, or a refusal without a reason (too many attempts). */
  auto_login_failed: 'Automatic sign-in did not work. Please sign in again.',
} as const;
export type AutoLoginFailure = keyof typeof AUTO_LOGIN_FAILURES;
/** The reasons the server gives (the rest are the browser's). */
export type AutoLoginRefusal = Exclude<AutoLoginFailure, 'auto_login_failed'>;
export const autoLoginFailure = z.enum(
  Object.keys(AUTO_LOGIN_FAILURES) as [AutoLoginFailure, ...AutoLoginFailure[]],
);

/** A refused automatic login: the fixed text and why. */
export const autoLoginRefusal = z.object({
  success: z.literal(false),
  message: z.string(),
  errorType: autoLoginFailure,
});

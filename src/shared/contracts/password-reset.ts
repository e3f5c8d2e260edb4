import { z } from 'zod';
import { loginRequest, strongPassword } from './auth';

/**
 * "Forgot password?" (issue 14; docs/password-reset.md). One endpoint serves both sign-in pages: the
 * customer page asks for `accountType: 'customer'` (owners and team members), the staff page
 * (/admin-login) for `'staff'`. The answer is the same whether or not the address has an account.
 */
export const PASSWORD_RESET_ACCOUNT_TYPES = ['customer', 'staff'] as const;
export type PasswordResetAccountType = (typeof PASSWORD_RESET_ACCOUNT_TYPES)[number];

export const passwordResetRequest = z.object({
  email: loginRequest.shape.email,
  accountType: z
    .enum(PASSWORD_RESET_ACCOUNT_TYPES, { error: 'Account type must be customer or staff' })
    .default('customer'),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

/** What every request is answered, account or not. */
export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account uses this email address, a link to reset its password is on its way. It works once, for one hour.';

export const passwordResetSent = z.object({ success: z.literal(true), message: z.string() });

/** The new password, with the password rules (the sign-up's). */
export const passwordResetConfirm = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(200),
  newPassword: strongPassword,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirm>;

export const PASSWORD_RESET_INVALID_MESSAGE =
  'This reset link is invalid, already used or expired. Ask for a new one from the sign-in page.';

export const passwordResetDone = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Where to sign in with the new password. */
  accountType: z.enum(PASSWORD_RESET_ACCOUNT_TYPES),
});
export type PasswordResetDone = z.infer<typeof passwordResetDone>;

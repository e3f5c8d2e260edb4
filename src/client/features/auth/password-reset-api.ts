import {
  passwordResetDone,
  passwordResetSent,
  type PasswordResetAccountType,
} from '@shared/contracts/password-reset';
import { apiJson } from '@client/lib/calls';

/** `POST /api/auth/password-reset`: the same answer whether or not the address has an account. */
export const requestPasswordReset = (email: string, accountType: PasswordResetAccountType) =>
  apiJson('POST', '/api/auth/password-reset', passwordResetSent, { email, accountType });

/** `POST /api/auth/password-reset/confirm`: the link's token and the new password. */
export const confirmPasswordReset = (token: string, newPassword: string) =>
  apiJson('POST', '/api/auth/password-reset/confirm', passwordResetDone, { token, newPassword });

/** Where each kind of account signs in. */
export const SIGN_IN_PATH: Record<PasswordResetAccountType, string> = {
  customer: '/customer-login',
  staff: '/admin-login',
};

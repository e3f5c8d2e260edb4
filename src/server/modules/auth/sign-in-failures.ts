import { ACCOUNT_SUSPENDED_MESSAGE } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';

export type LoginFailure = {
  ok: false;
  errorType: 'invalid_email' | 'invalid_password' | 'account_suspended';
  message: string;
};

export const LOGIN_MESSAGES = {
  invalid_email: 'No account found with this email address',
  invalid_password: 'Incorrect password',
  account_suspended: ACCOUNT_SUSPENDED_MESSAGE,
} as const;

// A hash of a random password, verified when the email is unknown so both failures cost the same time.
let decoyHash: Promise<string> | undefined;
export const decoy = () => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));

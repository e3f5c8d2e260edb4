import { adminLoginResponse, type LoginRequest } from '@shared/contracts/auth';
import { answerOf } from '@client/lib/api';
import { postSignIn } from '@client/lib/sign-in-request';

/**
 * POST /api/auth/admin-login, with the sign-in challenge round of `postSignIn`. A refusal
 * throws `ApiError`, whose `errorType` (`invalid_email`, `invalid_password`) and `serverMessage` say
 * what the form shows; a network failure throws as fetch does.
 */
export async function signInStaff(credentials: LoginRequest) {
  return answerOf(await postSignIn('/api/auth/admin-login', credentials), adminLoginResponse);
}

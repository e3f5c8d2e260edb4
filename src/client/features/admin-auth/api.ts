import type { z } from 'zod';
import type { adminLoginResponse, LoginRequest } from '@shared/contracts/auth';
import { postSignIn } from '@client/lib/sign-in-request';

/** The sign-in answer (spec 2 §7): `success`, `message`, `user` and, on failure, `errorType`. */
export type AdminLoginAnswer = Partial<z.infer<typeof adminLoginResponse>>;

export type AdminLoginResult = { ok: boolean; status: number; body: AdminLoginAnswer };

/**
 * POST /api/auth/admin-login. Unlike `apiRequest` it does not throw on 401/429: the answer's JSON
 * (message and errorType) is what the form shows under its fields, so it is read whatever the status.
 * Only a network failure throws.
 */
export async function signInStaff(credentials: LoginRequest): Promise<AdminLoginResult> {
  const res = await postSignIn('/api/auth/admin-login', credentials);
  let body: AdminLoginAnswer = {};
  try {
    const parsed = (await res.json()) as unknown;
    if (parsed && typeof parsed === 'object') body = parsed as AdminLoginAnswer;
  } catch {
    // Not JSON (a proxy's error page): the form falls back to its own texts.
  }
  return { ok: res.ok && body.success !== false, status: res.status, body };
}

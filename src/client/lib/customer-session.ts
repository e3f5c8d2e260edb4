import {
  CUSTOMER_EMAIL_STORAGE_KEY,
  CUSTOMER_RECORD_STORAGE_KEY,
  CUSTOMER_TOKEN_STORAGE_KEY,
} from '@shared/constants';
import { customerLoginResponse, type SessionCustomer } from '@shared/contracts/auth';
import { postSignIn } from './sign-in-request';

/*
 * The customer's locally stored sign-in (docs/customer-portal.md): the session token, the
 * customer record and the email. The server's HttpOnly cookie is what authenticates page loads; the
 * stored token is sent as `Authorization: Bearer` where a screen wants it and gates /change-password.
 * Storage can be unavailable (private modes, blocked cookies): every access is guarded.
 */

export function storeCustomerSession(token: string, customer: SessionCustomer): void {
  try {
    localStorage.setItem(CUSTOMER_TOKEN_STORAGE_KEY, token);
    localStorage.setItem(CUSTOMER_RECORD_STORAGE_KEY, JSON.stringify(customer));
    localStorage.setItem(CUSTOMER_EMAIL_STORAGE_KEY, customer.email);
  } catch {
    // The cookie session still works without local storage.
  }
}

export function clearCustomerSession(): void {
  try {
    localStorage.removeItem(CUSTOMER_TOKEN_STORAGE_KEY);
    localStorage.removeItem(CUSTOMER_RECORD_STORAGE_KEY);
    localStorage.removeItem(CUSTOMER_EMAIL_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function readCustomerToken(): string | null {
  try {
    return localStorage.getItem(CUSTOMER_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export type CustomerLoginOutcome =
  | { kind: 'success'; token: string; customer: SessionCustomer; redirectUrl: string; message: string }
  | { kind: 'invalid_email'; message: string }
  | { kind: 'invalid_password'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'network' };

/** Any answer of the sign-in call, whatever its status (a 400 has no `success`, a 401 no customer). */
const loginAnswer = customerLoginResponse.partial();

/**
 * POST /api/auth/dealer-login. Plain fetch on purpose: the answer's JSON (errorType, message) is read
 * whatever the status, which apiRequest's "{status}: {text}" error would hide.
 */
export async function signInCustomer(email: string, password: string): Promise<CustomerLoginOutcome> {
  let res: Response;
  try {
    res = await postSignIn('/api/auth/dealer-login', { email, password });
  } catch {
    return { kind: 'network' };
  }
  const parsed = loginAnswer.safeParse(await res.json().catch(() => null));
  const body = parsed.success ? parsed.data : null;
  const message = typeof body?.message === 'string' && body.message ? body.message : undefined;
  if (res.ok && body?.success && body.token && body.customer) {
    return {
      kind: 'success',
      token: body.token,
      customer: body.customer,
      redirectUrl: body.redirectUrl || '/customer-dashboard',
      message: message ?? 'Login successful',
    };
  }
  if (body?.errorType === 'invalid_email') {
    return { kind: 'invalid_email', message: message ?? 'No account found with this email address' };
  }
  if (body?.errorType === 'invalid_password') {
    return { kind: 'invalid_password', message: message ?? 'Incorrect password' };
  }
  return { kind: 'failed', message: message ?? 'Invalid email or password' };
}

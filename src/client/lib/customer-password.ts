import { CUSTOMER_EMAIL_STORAGE_KEY, CUSTOMER_RECORD_STORAGE_KEY } from '@shared/constants';
import { sessionCustomer, type SessionCustomer } from '@shared/contracts/auth';
import { successResponse } from '@shared/contracts/common';
import { apiJson, statusOf } from './api';
import { readCustomerToken } from './customer-session';

/*
 * The customer's password change, shared by the portal's Change Password dialog and the
 * /change-password screen (the original API has both calls). With a stored token the call is
 * `POST /api/customer/change-password` with `Authorization: Bearer`; without one (a session made by the
 * fleet CRM auto-login keeps only the cookie) it is `POST /api/auth/change-password` with the cookie.
 * Errors keep the shared "{status}: {text}" form, so fieldErrorsOf / errorMessageOf read them.
 */

export type ChangePasswordInput = { email: string; currentPassword: string; newPassword: string };

export async function changeCustomerPassword(input: ChangePasswordInput): Promise<{ message: string }> {
  const token = readCustomerToken();
  let answer: { message?: string } | undefined;
  if (token) {
    try {
      answer = await apiJson('POST', '/api/customer/change-password', successResponse, input, {
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch (error) {
      // A stored token that has ended (signed out elsewhere) must not hide a live cookie session.
      if (statusOf(error) !== 401) throw error;
    }
  }
  answer ??= await apiJson('POST', '/api/auth/change-password', successResponse, input);
  markStoredPasswordSet();
  return { message: answer.message ?? 'Password changed successfully' };
}

/** The locally stored customer record, or null when missing or unreadable. */
export function readStoredCustomer(): SessionCustomer | null {
  try {
    const raw = localStorage.getItem(CUSTOMER_RECORD_STORAGE_KEY);
    if (!raw) return null;
    const parsed = sessionCustomer.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The stored customer email (the record's, else the separate key the auto-login writes). */
export function readStoredCustomerEmail(): string | null {
  const record = readStoredCustomer();
  if (record?.email) return record.email;
  try {
    return localStorage.getItem(CUSTOMER_EMAIL_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** First-login flow: after a password change the stored record says the password is set. */
export function markStoredPasswordSet(): void {
  const record = readStoredCustomer();
  if (!record) return;
  try {
    localStorage.setItem(CUSTOMER_RECORD_STORAGE_KEY, JSON.stringify({ ...record, isPasswordSet: true }));
  } catch {
    // Storage unavailable: the server already knows the password is set.
  }
}

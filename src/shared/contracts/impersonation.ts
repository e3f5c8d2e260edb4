import { z } from 'zod';

/**
 * Staff opening a customer's fleet app (docs/product-rules.md "Sign-in and sessions", from the Fleet
 * Control Center): `POST /api/external/customer-redirect` answers a one-time URL, valid 5 minutes,
 * that the browser opens in a new tab. Rules: docs/impersonation.md.
 */

export const IMPERSONATION_TOKEN_TTL_MS = 5 * 60_000;
/** The session the token opens: short, and ended by 30 minutes unused. */
export const IMPERSONATION_SESSION_TTL_MS = 60 * 60_000;
export const IMPERSONATION_IDLE_TIMEOUT_SECONDS = 30 * 60;

export const customerRedirectRequest = z.object({
  customerId: z.uuid({ error: 'Choose a customer' }),
});

export const customerRedirectResponse = z.object({
  /** Same-origin: `/api/external/impersonate?token=...`. */
  url: z.string(),
});

/** Who really acts in a customer session that staff opened (null in the customer's own sessions). */
export const sessionImpersonator = z.object({ id: z.string(), name: z.string() });
export type SessionImpersonator = z.infer<typeof sessionImpersonator>;

export const IMPERSONATION_REFUSED_MESSAGE =
  'Staff viewing a customer account cannot change billing or passwords.';
export const SUSPENDED_IMPERSONATION_MESSAGE =
  'This account is suspended. Reactivate it before opening its fleet app.';

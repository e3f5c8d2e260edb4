import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { systemSettings } from '../../../db/schema';
import {
  DEFAULT_PAYMENT_TERMS,
  PAYMENT_TERMS,
  PAYMENT_TERMS_DAYS,
  type PaymentTerms,
} from '../../../../shared/contracts/billing-admin';

/** The `system_settings` row the billing settings live in (docs/billing-admin.md). */
export const BILLING_SETTINGS_KEY = 'billing';

const DAY_MS = 86_400_000;

/** The payment terms staff chose, Net 30 until they choose (an unknown stored value reads as the default). */
export async function paymentTermsOf(exec: Executor): Promise<PaymentTerms> {
  const [row] = await exec
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, BILLING_SETTINGS_KEY));
  const stored = row?.value.paymentTerms;
  return (PAYMENT_TERMS as readonly unknown[]).includes(stored)
    ? (stored as PaymentTerms)
    : DEFAULT_PAYMENT_TERMS;
}

/** When something issued at `issuedAt` falls due under these terms. */
export const dueUnderTerms = (terms: PaymentTerms, issuedAt: Date): Date =>
  new Date(issuedAt.getTime() + PAYMENT_TERMS_DAYS[terms] * DAY_MS);

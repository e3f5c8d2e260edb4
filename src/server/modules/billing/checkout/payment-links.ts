import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { paymentLinks } from '../../../db/schema';
import { newToken, tokenDigest } from '../../../auth/tokens';

/**
 * Checkout links the product issues for one customer, so someone without that customer's session
 * (a billing contact reached by email) can pay: staff payment and subscription requests send them.
 * Only the SHA-256 of the token is stored; a link works for its customer, until it expires or
 * the payment it was issued for is made.
 */
export type PaymentLinkPurpose = 'subscription' | 'payment_request';

const DAY_MS = 86_400_000;

export async function issuePaymentLink(
  exec: Executor,
  input: {
    customerId: string;
    purpose: PaymentLinkPurpose;
    createdByStaffId: string | null;
    now: Date;
    validDays?: number;
  },
): Promise<{ id: string; url: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + (input.validDays ?? 7) * DAY_MS);
  const [row] = await exec
    .insert(paymentLinks)
    .values({
      tokenDigest: tokenDigest(token),
      customerId: input.customerId,
      purpose: input.purpose,
      expiresAt,
      createdByStaffId: input.createdByStaffId,
    })
    .returning({ id: paymentLinks.id });
  const query = new URLSearchParams({ customerId: input.customerId, link: token });
  return { id: row!.id, url: `/checkout?${query.toString()}`, expiresAt };
}

/**
 * The open link behind a token, if it was issued for this customer and this purpose and is still
 * good. The purpose counts: a link sent to settle one payment request must not start a subscription
 * checkout, whose success would leave that link open for another payment.
 */
export async function openPaymentLink(
  exec: Executor,
  input: { customerId: string; token: string; purpose: PaymentLinkPurpose; now: Date },
) {
  const { customerId, token, purpose, now } = input;
  const [row] = await exec
    .select({ id: paymentLinks.id })
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.tokenDigest, tokenDigest(token)),
        eq(paymentLinks.customerId, customerId),
        eq(paymentLinks.purpose, purpose),
        gt(paymentLinks.expiresAt, now),
        isNull(paymentLinks.paidAt),
      ),
    );
  return row ?? null;
}

export async function markPaymentLinkPaid(exec: Executor, id: string, now: Date): Promise<void> {
  await exec
    .update(paymentLinks)
    .set({ paidAt: now })
    .where(and(eq(paymentLinks.id, id), isNull(paymentLinks.paidAt)));
}

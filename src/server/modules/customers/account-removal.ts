import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers, invoices, paymentMethods, payments, subscriptions } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments/provider';
import { conflict } from '../../http/errors';

export const PAYMENT_IN_PROGRESS =
  'A payment for this account is being processed. Please try again in a few minutes.';

/**
 * Removes a customer account, in the caller's transaction: the one way an account goes, whether
 * the customer deletes it from the portal or staff delete it (docs/staff-customers.md).
 *
 * Everything the account owns goes with its row (the foreign keys cascade): fleet records,
 * sessions, team members and their sign-in emails, settings, the subscription, cards on file,
 * notifications, the activity feed, payment links and impersonation tokens. Payments and invoices
 * are the books and stay: they are marked `customer_deleted_at` here, and the row's deletion sets
 * their `customer_id` to null (ON DELETE SET NULL). The audit trail names the account by id only,
 * so it keeps the history.
 *
 * Locks the subscription, then the account (the order billing takes them in), so a renewal or a
 * plan change running at the same moment finishes first or finds nothing. Answers null when the
 * account is already gone (a second delete of the same account).
 */
export async function removeCustomerAccount(tx: Executor, customerId: string, now: Date) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .for('update');
  // A renewal or plan change claims the subscription, then charges the card outside any transaction:
  // removing the account in between would leave a charge with nowhere to record it.
  if (subscription?.claimedUntil && subscription.claimedUntil > now) throw conflict(PAYMENT_IN_PROGRESS);
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
  if (!customer) return null;
  // Ended before it goes with the account, so the MRR ledger records the churn at this time.
  if (subscription && subscription.status !== 'canceled') {
    await tx
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: now, nextActionAt: null, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
  }
  const cards = await tx
    .select({ providerRef: paymentMethods.providerRef })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId));
  const keptPayments = await tx
    .update(payments)
    .set({ customerDeletedAt: now })
    .where(eq(payments.customerId, customerId))
    .returning({ id: payments.id });
  const keptInvoices = await tx
    .update(invoices)
    .set({ customerDeletedAt: now })
    .where(eq(invoices.customerId, customerId))
    .returning({ id: invoices.id });
  await tx.delete(customers).where(eq(customers.id, customerId));
  return {
    customer,
    subscription: subscription ?? null,
    cards,
    keptPayments: keptPayments.length,
    keptInvoices: keptInvoices.length,
  };
}

/**
 * After the removal has committed: the account's cards are detached at the processor. A failure
 * there leaves a card the processor still holds for a customer record nobody uses, never a charge.
 */
export async function detachCards(
  provider: PaymentProvider,
  cards: { providerRef: string }[],
): Promise<void> {
  for (const card of cards) await provider.detachPaymentMethod(card.providerRef).catch(() => undefined);
}

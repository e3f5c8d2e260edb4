import { recordFailure } from '../../../auth/attempt-counters';
import { recordAudit, type AuditActor } from '../../audit';
import { customerById, paymentByKey, subscriptionOf } from '../core/lookups';
import type { BillingDeps } from '../core/deps';
import { reportFailedPayment } from '../core/failed-payments';
import { recordPayment } from '../invoices/payment-records';
import { DECLINES } from './access';

/** A declined checkout card is recorded as a failed payment and reported to staff. */
export async function recordCheckoutFailure(
  deps: BillingDeps,
  actor: AuditActor,
  intentRef: string,
): Promise<void> {
  const intent = await deps.provider.retrieveIntent(intentRef);
  const customerId = intent.metadata.customerId;
  if (!customerId || intent.status === 'succeeded' || !intent.chargeRef) return;
  const key = `checkout-failed:${intent.chargeRef}`;
  if (await paymentByKey(deps.db, key)) return;
  const customer = await customerById(deps.db, customerId);
  const reason = intent.lastError ?? 'The payment was declined.';
  await deps.db.transaction(async (tx) => {
    const sub = await subscriptionOf(tx, customerId);
    await recordFailure(tx, DECLINES, customerId, deps.clock.now());
    await recordPayment(
      tx,
      {
        customerId,
        subscriptionId: sub?.id ?? null,
        amountCents: intent.amountCents,
        status: 'failed',
        description: intent.metadata.paymentRequestId ? 'Payment request' : 'Checkout payment',
        provider: deps.provider.name,
        providerRef: intent.chargeRef,
        failureMessage: reason,
        idempotencyKey: key,
        createdAt: deps.clock.now(),
        planId: intent.metadata.planId ?? null,
      },
      { mail: deps.mail, ignoreDuplicate: true },
    );
    await reportFailedPayment(tx, customer, {
      what: 'checkout payment',
      amountCents: intent.amountCents,
      reason,
    });
    await recordAudit(
      tx,
      { ...actor, accountId: customerId },
      {
        action: 'checkout',
        resourceType: 'subscription',
        resourceId: sub?.id ?? null,
        newValues: { reason },
        success: false,
      },
    );
  });
}

import { eq } from 'drizzle-orm';
import { createInvoice } from '../modules/billing';
import type { Executor } from './client';
import { customers, paymentMethods, payments, sandboxPaymentMethods, subscriptions } from './schema';

/**
 * The demo customer's billing: an active Professional subscription, the sandbox test card 4242 as
 * default, and the paid invoice of the current month, all as real records the portal reads.
 */
export async function seedDemoBilling(
  tx: Executor,
  customer: typeof customers.$inferSelect,
  period: { periodStart: Date; periodEnd: Date; signedUpAt: Date },
  sandboxCard: boolean,
): Promise<void> {
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      customerId: customer.id,
      planId: 'professional',
      status: 'active',
      priceCents: 18_900,
      currentPeriodStart: period.periodStart,
      currentPeriodEnd: period.periodEnd,
      nextActionAt: period.periodEnd,
      // The trial it started at sign-up ended when the first paid period began.
      trialEndsAt: period.periodStart,
      createdAt: period.signedUpAt,
    })
    .returning();
  if (!sandboxCard) return;
  const customerRef = `cus_sbx_${customer.id.replaceAll('-', '')}`;
  const cardRef = `pm_sbx_demo_${customer.id.slice(0, 8)}`;
  await tx.update(customers).set({ providerCustomerRef: customerRef }).where(eq(customers.id, customer.id));
  await tx.insert(sandboxPaymentMethods).values({
    id: cardRef,
    customerRef,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: period.periodStart.getUTCFullYear() + 3,
    behaviour: 'succeeds',
  });
  const [card] = await tx
    .insert(paymentMethods)
    .values({
      customerId: customer.id,
      provider: 'sandbox',
      providerRef: cardRef,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: period.periodStart.getUTCFullYear() + 3,
      isDefault: true,
    })
    .returning();
  const invoice = await createInvoice(tx, {
    customerId: customer.id,
    subscriptionId: subscription!.id,
    kind: 'subscription',
    status: 'paid',
    lines: [{ description: 'Professional plan, monthly', amountCents: 18_900 }],
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    billingName: customer.companyName,
    billingEmail: customer.email,
    billingAddress: null,
    issuedAt: period.periodStart,
  });
  await tx.insert(payments).values({
    customerId: customer.id,
    subscriptionId: subscription!.id,
    invoiceId: invoice.id,
    amountCents: 18_900,
    status: 'succeeded',
    description: 'Professional plan, monthly',
    provider: 'sandbox',
    providerRef: `ch_sbx_demo_${customer.id.slice(0, 8)}`,
    paymentMethodId: card!.id,
    idempotencyKey: `demo:${customer.id}:first-period`,
    planId: 'professional',
    createdAt: period.periodStart,
  });
}

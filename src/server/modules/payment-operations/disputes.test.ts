// Stripe disputes through the signed webhook (charge.dispute.*), signed exactly as Stripe signs them.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditRowsWhere } from '../../../../tests/setup/audit';
import { stripeEnv, type FakeStripe } from '../../../../tests/fakes/stripe-server';
import { stripeTestKit, useFakeStripe } from '../../../../tests/setup/fake-stripe';
import { disputes, notifications, payments } from '../../db/schema';
import { DATA_CHANGED_HEADER, parseDataDomains } from '../../../shared/data-domains';
import { NOTIFICATION_CHANGES } from '../../../shared/contracts/notification-feed';

const WEBHOOK_SECRET = 'whsec_test';
let fake: FakeStripe;
let t: TestApp;
let admin: string;
useFakeStripe((started) => (fake = started));
useTestApp(
  () => ({ env: stripeEnv(fake, WEBHOOK_SECRET), staff: ['admin'] }),
  (opened) => ({ t, admin } = opened),
);

const { deliver, paidCheckout } = stripeTestKit(
  () => t,
  () => fake,
  WEBHOOK_SECRET,
);

/** A Stripe event about `dispute`, reported at `created` (seconds). */
const disputeEvent = (type: string, dispute: Record<string, unknown>, created: number) => {
  const event = JSON.parse(fake.event(type, { object: 'dispute', currency: 'usd', ...dispute }));
  return JSON.stringify({ ...event, created });
};

/** A customer who paid at checkout; the payment's provider_ref is Stripe's charge id. */
async function paidCustomer() {
  const { input, customerId, intent } = await paidCheckout();
  expect((await deliver(fake.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.customerId, customerId));
  return { customerId, email: input.email, payment: payment!, chargeId: intent.latest_charge! };
}

describe('charge.dispute.* through POST /api/webhooks/stripe', () => {
  it('keeps one row per dispute from created to closed, linked to the payment, audited, told to staff once', async () => {
    const { customerId, email, payment, chargeId } = await paidCustomer();
    const disputeId = `dp_${Date.now()}`;
    const base = { id: disputeId, charge: chargeId, amount: payment.amountCents, reason: 'fraudulent' };
    const t0 = Math.floor(Date.now() / 1000);
    const dueBy = t0 + 7 * 86_400;

    const created = disputeEvent(
      'charge.dispute.created',
      { ...base, status: 'needs_response', evidence_details: { due_by: dueBy } },
      t0,
    );
    const first = await deliver(created);
    expect(first.json()).toEqual({ received: true });
    // Staff screens refetch what the notification names: it names everything the event wrote.
    const wrote = parseDataDomains(first.headers[DATA_CHANGED_HEADER] as string);
    expect(wrote).toContain('payments');
    expect(NOTIFICATION_CHANGES.payment_disputed).toEqual(expect.arrayContaining(wrote));
    // the same delivery again is acknowledged and ignored
    expect((await deliver(created)).json()).toEqual({ received: true, duplicate: true });
    const closed = disputeEvent('charge.dispute.closed', { ...base, status: 'lost' }, t0 + 60);
    expect((await deliver(closed)).json()).toEqual({ received: true });
    // an update Stripe sent before the close, arriving after it, changes nothing
    const late = disputeEvent('charge.dispute.updated', { ...base, status: 'under_review' }, t0 + 30);
    expect((await deliver(late)).json()).toEqual({ received: true });

    const rows = await t.database.db.select().from(disputes).where(eq(disputes.providerRef, disputeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentId: payment.id,
      customerId,
      amountCents: payment.amountCents,
      reason: 'fraudulent',
      status: 'lost',
      evidenceDueBy: null,
    });
    const audits = await auditRowsWhere(t, { resourceType: 'dispute', resourceId: rows[0]!.id });
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audits[0]).toMatchObject({
      actorType: 'system',
      actorEmail: 'stripe-webhook',
      accountId: customerId,
    });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'payment_disputed'), eq(notifications.customerId, customerId)));
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      customerEmail: email,
      amount: payment.amountCents / 100,
      reason: 'fraudulent',
    });

    const list = await t.get(admin, '/api/admin/disputes');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.provider).toBe('stripe');
    expect(body.items[0]).toMatchObject({
      providerRef: disputeId,
      paymentId: payment.id,
      status: 'lost',
      amount: payment.amountCents / 100,
      companyName: 'Roadrunner Freight',
    });
  });

  it('keeps a dispute on a charge we do not know, without a payment, and refuses an unsigned one', async () => {
    const disputeId = `dp_unknown_${Date.now()}`;
    const payload = disputeEvent(
      'charge.dispute.created',
      {
        id: disputeId,
        charge: 'ch_not_ours',
        amount: 1234,
        reason: 'duplicate',
        status: 'warning_needs_response',
      },
      Math.floor(Date.now() / 1000),
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 'garbage' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(disputes).where(eq(disputes.providerRef, disputeId)),
    ).toHaveLength(0);
    expect((await deliver(payload)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(disputes).where(eq(disputes.providerRef, disputeId));
    expect(row).toMatchObject({
      paymentId: null,
      customerId: null,
      amountCents: 1234,
      status: 'warning_needs_response',
    });
  });
});

// Our Stripe adapter, with the real `stripe` SDK, against a local server speaking Stripe's HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../tests/fakes/stripe-server';
import { PaymentProviderError } from './provider';
import { StripePaymentProvider } from './stripe';

let fake: FakeStripe;
let stripe: StripePaymentProvider;
beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new StripePaymentProvider(fake.settings());
});
afterAll(() => fake.close());

let n = 0;
const newCustomer = () => {
  n += 1;
  return stripe.createCustomer({
    customerId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `c${n}@example.com`,
    name: `Fleet ${n}`,
  });
};

/** A customer with a saved card of the given kind, as after a checkout. */
async function customerWithCard(kind: Parameters<FakeStripe['createPaymentMethod']>[0]) {
  const customerRef = await newCustomer();
  const pm = fake.createPaymentMethod(kind);
  await stripe.attachPaymentMethod(customerRef, pm);
  return { customerRef, pm };
}

const chargeInput = (customerRef: string, pm: string, key: string, amountCents = 4900) => ({
  customerRef,
  paymentMethodRef: pm,
  amountCents,
  description: 'Starter plan, monthly',
  idempotencyKey: key,
  metadata: { customerId: 'c-1', subscriptionId: 's-1' },
});

describe('StripePaymentProvider against a Stripe-speaking server', () => {
  it('tells the browser to use Stripe Elements with the publishable key only', () => {
    expect(stripe.clientConfig()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_x' });
  });

  it('creates one Stripe customer per Motorpool customer, however often it is asked', async () => {
    const before = fake.counters.customers;
    const input = {
      customerId: '11111111-1111-4111-8111-111111111111',
      email: 'a@example.com',
      name: 'Acme',
    };
    const first = await stripe.createCustomer(input);
    const again = await stripe.createCustomer(input);
    expect(first).toMatch(/^cus_/);
    expect(again).toBe(first);
    expect(fake.counters.customers - before).toBe(1);
  });

  it('attaches a card and describes it; attaching it again to the same customer is harmless', async () => {
    const customerRef = await newCustomer();
    const pm = fake.createPaymentMethod('pm_card_visa');
    const card = await stripe.attachPaymentMethod(customerRef, pm);
    expect(card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
    });
    expect(fake.paymentMethod(pm)?.customer).toBe(customerRef);
    expect(await stripe.attachPaymentMethod(customerRef, pm)).toEqual(card);
  });

  it("refuses a card that belongs to another customer, and a card that doesn't exist (404)", async () => {
    const { pm } = await customerWithCard('pm_card_visa');
    const other = await newCustomer();
    await expect(stripe.attachPaymentMethod(other, pm)).rejects.toMatchObject({
      statusCode: 402,
      code: 'payment_method_unexpected_state',
    });
    const missing = await stripe.attachPaymentMethod(other, 'pm_nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(PaymentProviderError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('detaches a card; detaching it again is not an error', async () => {
    const { pm } = await customerWithCard('pm_card_visa');
    await stripe.detachPaymentMethod(pm);
    expect(fake.paymentMethod(pm)?.customer).toBeNull();
    await expect(stripe.detachPaymentMethod(pm)).resolves.toBeUndefined();
  });

  it('charges a saved card off-session', async () => {
    const { customerRef, pm } = await customerWithCard('pm_card_visa');
    const result = await stripe.charge(chargeInput(customerRef, pm, `renewal:${customerRef}:1`));
    expect(result).toMatchObject({ status: 'succeeded', ref: expect.stringMatching(/^ch_/) });
  });

  it("reports a decline with the bank's message, and insufficient funds with its own", async () => {
    const declined = await customerWithCard('pm_card_chargeDeclined');
    const result = await stripe.charge(
      chargeInput(declined.customerRef, declined.pm, `renewal:${declined.customerRef}:1`),
    );
    expect(result).toEqual({
      status: 'failed',
      ref: expect.stringMatching(/^pi_/),
      message: 'Your card was declined.',
      code: 'card_declined',
    });

    const poor = await customerWithCard('pm_card_chargeDeclinedInsufficientFunds');
    const short = await stripe.charge(
      chargeInput(poor.customerRef, poor.pm, `renewal:${poor.customerRef}:1`),
    );
    expect(short).toMatchObject({
      status: 'failed',
      message: 'Your card has insufficient funds.',
      code: 'insufficient_funds',
    });
  });

  it('charges once for one idempotency key, even when asked twice (and a decline stays one decline)', async () => {
    const { customerRef, pm } = await customerWithCard('pm_card_visa');
    const before = fake.counters.charges;
    const key = `renewal:${customerRef}:2026-01`;
    const first = await stripe.charge(chargeInput(customerRef, pm, key));
    const second = await stripe.charge(chargeInput(customerRef, pm, key));
    expect(second).toEqual(first);
    expect(fake.counters.charges - before).toBe(1);

    const declined = await customerWithCard('pm_card_chargeDeclined');
    const beforeDecline = fake.counters.charges;
    const a = await stripe.charge(chargeInput(declined.customerRef, declined.pm, 'retry:1'));
    const b = await stripe.charge(chargeInput(declined.customerRef, declined.pm, 'retry:1'));
    expect(b).toEqual(a);
    expect(fake.counters.charges - beforeDecline).toBe(1);
  });

  it('refunds part of a charge, idempotently, and refuses more than what remains', async () => {
    const { customerRef, pm } = await customerWithCard('pm_card_visa');
    const charged = await stripe.charge(chargeInput(customerRef, pm, `upgrade:${customerRef}`, 10_000));
    if (charged.status !== 'succeeded') throw new Error('charge failed');
    const before = fake.counters.refunds;
    const refund = await stripe.refund({
      chargeRef: charged.ref,
      amountCents: 4000,
      idempotencyKey: `refund:${charged.ref}:1`,
    });
    expect(refund.ref).toMatch(/^re_/);
    expect(
      await stripe.refund({
        chargeRef: charged.ref,
        amountCents: 4000,
        idempotencyKey: `refund:${charged.ref}:1`,
      }),
    ).toEqual(refund);
    expect(fake.counters.refunds - before).toBe(1);
    await expect(
      stripe.refund({ chargeRef: charged.ref, amountCents: 7000, idempotencyKey: `refund:${charged.ref}:2` }),
    ).rejects.toMatchObject({
      statusCode: 402,
      message: expect.stringContaining('greater than unrefunded amount'),
    });
  });

  it('creates a checkout intent the browser confirms, and reads back its outcome', async () => {
    const customerRef = await newCustomer();
    const input = {
      customerRef,
      amountCents: 4900,
      description: 'Starter plan, first month',
      idempotencyKey: `checkout:${customerRef}:1`,
      metadata: { customerId: 'cust-1', subscriptionId: 'sub-1', planId: 'starter' },
    };
    const intent = await stripe.createIntent(input);
    expect(intent.ref).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.ref}_secret_`));
    expect(await stripe.createIntent(input)).toEqual(intent); // a reload does not start a second payment
    expect(fake.paymentIntent(intent.ref)).toMatchObject({
      setup_future_usage: 'off_session',
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      currency: 'usd',
    });

    expect(await stripe.retrieveIntent(intent.ref)).toEqual({
      ref: intent.ref,
      status: 'requires_payment_method',
      amountCents: 4900,
      customerRef,
      paymentMethodRef: null,
      chargeRef: null,
      lastError: null,
      metadata: { customerId: 'cust-1', subscriptionId: 'sub-1', planId: 'starter' },
    });

    fake.confirmIntent(intent.ref, 'pm_card_chargeDeclined');
    expect(await stripe.retrieveIntent(intent.ref)).toMatchObject({
      status: 'requires_payment_method',
      chargeRef: expect.stringMatching(/^ch_/),
      lastError: 'Your card was declined.',
    });

    const pm = fake.createPaymentMethod('pm_card_visa');
    fake.confirmIntent(intent.ref, pm);
    const paid = await stripe.retrieveIntent(intent.ref);
    expect(paid).toMatchObject({
      status: 'succeeded',
      paymentMethodRef: pm,
      chargeRef: expect.stringMatching(/^ch_/),
      lastError: null,
    });
    // The card is kept on the customer for renewals.
    expect(await stripe.attachPaymentMethod(customerRef, pm)).toMatchObject({ last4: '4242' });
    expect(
      await stripe.charge(chargeInput(customerRef, pm, `renewal:${customerRef}:after-checkout`)),
    ).toMatchObject({ status: 'succeeded' });
  });

  it('does not treat an off-session charge as a checkout intent, nor an unknown id', async () => {
    const { customerRef, pm } = await customerWithCard('pm_card_chargeDeclined');
    const result = await stripe.charge(chargeInput(customerRef, pm, `renewal:${customerRef}:x`));
    expect(result.ref).toMatch(/^pi_/);
    await expect(stripe.retrieveIntent(result.ref!)).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.retrieveIntent('pi_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('turns a wrong secret key into a clear error that does not show the key', async () => {
    const wrong = new StripePaymentProvider({ ...fake.settings(), secretKey: 'sk_test_wrongwrongwrong1234' });
    const error = await wrong
      .createCustomer({ customerId: 'x', email: 'x@example.com', name: 'X' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as Error).message).toBe(
      'Payments are not available right now: the payment provider refused our credentials.',
    );
    expect(JSON.stringify(error)).not.toContain('wrongwrong');
  });

  it('reports an unreachable Stripe as a provider error', async () => {
    const closed = await startFakeStripe();
    const settings = closed.settings();
    await closed.close();
    const offline = new StripePaymentProvider(settings);
    await expect(
      offline.createCustomer({ customerId: 'y', email: 'y@example.com', name: 'Y' }),
    ).rejects.toMatchObject({
      code: 'api_connection_error',
      message: 'The payment provider could not be reached. Please try again.',
    });
  });

  it('every mutating call carries a key of ours, the same for the same operation', async () => {
    const from = fake.posts.length;
    const twice = async (call: () => Promise<unknown>) => {
      await call();
      await call();
    };
    const { customerRef, pm } = await customerWithCard('pm_card_visa');
    await twice(() => stripe.attachPaymentMethod(customerRef, pm));
    const charged = await stripe.charge(chargeInput(customerRef, pm, `keys:${customerRef}`));
    expect(charged.status).toBe('succeeded');
    await twice(() =>
      stripe.refund({ chargeRef: charged.ref!, amountCents: 100, idempotencyKey: `refund:${charged.ref}` }),
    );
    await twice(() =>
      stripe.createIntent({
        customerRef,
        amountCents: 4900,
        description: 'Starter plan, first month',
        idempotencyKey: `checkout:${customerRef}`,
        metadata: { customerId: 'c-1' },
      }),
    );
    await twice(() => stripe.verifyPaymentMethod(customerRef, pm));
    await twice(() => stripe.detachPaymentMethod(pm));

    const posts = fake.posts.slice(from);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.filter((p) => !p.idempotencyKey)).toEqual([]);
    // Keys of ours, not the SDK's random ones: asking twice replays the first answer.
    for (const path of new Set(posts.map((p) => p.path))) {
      const keys = posts.filter((p) => p.path === path).map((p) => p.idempotencyKey);
      if (keys.length > 1) expect(new Set(keys).size, path).toBeLessThan(keys.length);
    }
    expect(posts.some((p) => p.path.endsWith('/detach'))).toBe(true);
  });

  it('verifies a card with a SetupIntent: a good card passes, a declined one says why, nothing is charged', async () => {
    const charges = fake.counters.charges;
    const good = await customerWithCard('pm_card_visa');
    expect(await stripe.verifyPaymentMethod(good.customerRef, good.pm)).toEqual({ ok: true });
    const bad = await customerWithCard('pm_card_chargeDeclined');
    expect(await stripe.verifyPaymentMethod(bad.customerRef, bad.pm)).toEqual({
      ok: false,
      message: 'Your card was declined.',
      code: 'generic_decline',
    });
    expect(fake.counters.setupIntents).toBeGreaterThanOrEqual(2);
    expect(fake.counters.charges).toBe(charges);
  });

  it('refuses a card whose bank asks the cardholder to confirm it (3-D Secure), saying so', async () => {
    const charges = fake.counters.charges;
    const { customerRef, pm } = await customerWithCard('pm_card_authenticationRequired');
    expect(await stripe.verifyPaymentMethod(customerRef, pm)).toEqual({
      ok: false,
      message:
        'Your bank asks you to confirm this card, which cannot be done here yet. Please use another card.',
      code: 'requires_action',
    });
    expect(fake.counters.charges).toBe(charges);
  });
});

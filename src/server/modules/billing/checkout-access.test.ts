import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  CARDS,
  billingInfo,
  confirmCard,
  signUp,
  type TestCustomer,
} from '../../../../tests/setup/customers';
import { manualClock } from '../../clock';
import {
  customers,
  notifications,
  paymentLinks,
  paymentMethods,
  payments,
  sandboxCharges,
} from '../../db/schema';
import { SIGN_IN_TO_PAY, TOO_MANY_DECLINES } from './checkout';
import { issuePaymentLink } from './payment-links';

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_DECLINES_PER_CUSTOMER: '3' }, { clock });
});
afterAll(() => t.close());

const start = (customerId: string, options: { cookie?: string; link?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-subscription',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: { customerId, ...(options.link ? { link: options.link } : {}) },
  });

const confirm = (clientSecret: string, number: string) => confirmCard(t, clientSecret, number);

async function footprint(c: TestCustomer) {
  const db = t.database.db;
  return {
    cards: (await db.select().from(paymentMethods).where(eq(paymentMethods.customerId, c.id))).length,
    payments: (await db.select().from(payments).where(eq(payments.customerId, c.id))).length,
    notifications: (await db.select().from(notifications)).filter((n) => n.customerId === c.id).length,
    subscription: (await billingInfo(t, c)).subscriptionStatus,
  };
}

const linkFor = async (customerId: string, validDays = 7) => {
  const link = await issuePaymentLink(t.database.db, {
    customerId,
    purpose: 'subscription',
    createdByStaffId: null,
    now: clock.now(),
    validDays,
  });
  return { ...link, token: new URL(link.url, 'http://x').searchParams.get('link')! };
};

describe('who may pay a subscription', () => {
  it('a stranger holding only the customer id is refused, and nothing about the customer changes', async () => {
    const c = await signUp(t);
    const before = await footprint(c);
    const stranger = await start(c.id);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual({ message: SIGN_IN_TO_PAY });
    // Another customer's session is a stranger too.
    const other = await signUp(t);
    expect((await start(c.id, { cookie: other.cookie })).statusCode).toBe(401);
    expect(await footprint(c)).toEqual(before);
  });

  it('the customer pays with their own session', async () => {
    const c = await signUp(t);
    const res = await start(c.id, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    expect((await confirm(res.json().clientSecret, CARDS.visa)).statusCode).toBe(200);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
  });

  it('a payment link the product issued pays without a session, once', async () => {
    const c = await signUp(t);
    const link = await linkFor(c.id);
    expect(link.url).toMatch(new RegExp(`^/checkout\\?customerId=${c.id}&link=`));
    const res = await start(c.id, { link: link.token });
    expect(res.statusCode).toBe(200);
    const paid = await confirm(res.json().clientSecret, CARDS.visa);
    expect(paid.statusCode).toBe(200);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
    const [row] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(row!.paidAt).not.toBeNull();
    // Spent: it opens nothing any more.
    expect((await start(c.id, { link: link.token })).statusCode).toBe(401);
  });

  it('expired, foreign and unknown links are refused like no link at all', async () => {
    const c = await signUp(t);
    const other = await signUp(t);
    const expired = await linkFor(c.id, 1);
    clock.advanceDays(2);
    const foreign = await linkFor(other.id);
    for (const link of [expired.token, foreign.token, 'x'.repeat(43)]) {
      const res = await start(c.id, { link });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_TO_PAY });
    }
  });

  it('reporting an intent reveals the email only to the customer themselves', async () => {
    const c = await signUp(t);
    const res = await start(c.id, { cookie: c.cookie });
    await confirm(res.json().clientSecret, CARDS.visa);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    const [charge] = await t.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.customerRef, customer!.providerCustomerRef!));
    const intentId = res.json().clientSecret.split('_secret_')[0] as string;
    expect(charge).toBeDefined();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      payload: { paymentIntentId: intentId },
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).not.toHaveProperty('email');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/complete',
      headers: { cookie: c.cookie },
      payload: { paymentIntentId: intentId },
    });
    expect(own.json().email).toBe(c.email);
  });

  it('declined payments are limited per customer, before any further charge', async () => {
    const c = await signUp(t);
    const secret = (await start(c.id, { cookie: c.cookie })).json().clientSecret as string;
    for (let i = 0; i < 3; i++) expect((await confirm(secret, CARDS.declined)).statusCode).toBe(402);
    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    const charges = async () =>
      (
        await t.database.db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.customerRef, customer!.providerCustomerRef!))
      ).length;
    const before = await charges();
    const limited = await confirm(secret, CARDS.visa);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TOO_MANY_DECLINES);
    expect(await charges()).toBe(before);
    expect((await start(c.id, { cookie: c.cookie })).statusCode).toBe(429);
    // The window passes, and a good card goes through and clears the count.
    clock.advanceDays(1);
    expect((await confirm(secret, CARDS.visa)).statusCode).toBe(200);
  });
});

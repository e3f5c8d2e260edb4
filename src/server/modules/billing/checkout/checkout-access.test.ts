import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import {
  CARDS,
  billingInfo,
  confirmCard,
  signUp,
  type TestCustomer,
} from '../../../../../tests/setup/customers';
import { manualClock } from '../../../clock';
import {
  customers,
  notifications,
  paymentLinks,
  paymentMethods,
  payments,
  sandboxCharges,
} from '../../../db/schema';
import { FLEET_ADMIN_ONLY_MESSAGE } from '../../../auth/access';
import { PAYMENT_RECEIVED } from '../../payments';
import { SIGN_IN_TO_PAY, TOO_MANY_DECLINES } from './access';
import { issuePaymentLink, type PaymentLinkPurpose } from './payment-links';
import { invitedPassword } from '../../../../../tests/setup/mail';

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

const linkFor = async (customerId: string, validDays = 7, purpose: PaymentLinkPurpose = 'subscription') => {
  const link = await issuePaymentLink(t.database.db, {
    customerId,
    purpose,
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

  it('a team member who is not a fleet admin is told so (not sent to sign in again); a fleet admin pays', async () => {
    const c = await signUp(t, { planId: 'professional' });
    const member = async (role: 'fleet_user' | 'fleet_admin') => {
      const invited = await t.post(c, '/api/fleet/team', {
        firstName: 'Team',
        lastName: role,
        email: `${role}.${Date.now()}@example.com`,
        role,
      });
      expect(invited.statusCode).toBe(201);
      const { member: m } = invited.json();
      return t.customerSession(m.email, await invitedPassword(t, m.email));
    };
    const before = await footprint(c);
    const user = await start(c.id, { cookie: (await member('fleet_user')).cookie });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: FLEET_ADMIN_ONLY_MESSAGE });
    expect(await footprint(c)).toEqual(before);

    const admin = await start(c.id, { cookie: (await member('fleet_admin')).cookie });
    expect(admin.statusCode).toBe(200);
    expect((await confirm(admin.json().clientSecret, CARDS.visa)).statusCode).toBe(200);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
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

  it('expired, foreign, unknown and other-purpose links are refused like no link at all', async () => {
    const c = await signUp(t);
    const other = await signUp(t);
    const expired = await linkFor(c.id, 1);
    clock.advanceDays(2);
    const foreign = await linkFor(other.id);
    // Issued to settle one payment request: it must not start (and outlive) a subscription checkout.
    const request = await linkFor(c.id, 7, 'payment_request');
    const before = await footprint(c);
    for (const link of [expired.token, foreign.token, request.token, 'x'.repeat(43)]) {
      const res = await start(c.id, { link });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_TO_PAY });
    }
    expect(await footprint(c)).toEqual(before);
  });

  it('reporting an intent tells its outcome only to a session of its own account', async () => {
    const report = (paymentIntentId: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout/complete',
        headers: cookie ? { cookie } : {},
        payload: { paymentIntentId },
      });
    const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

    const paid = await signUp(t);
    const paidSecret = (await start(paid.id, { cookie: paid.cookie })).json().clientSecret as string;
    expect((await confirm(paidSecret, CARDS.visa)).statusCode).toBe(200);
    const declined = await signUp(t);
    const declinedSecret = (await start(declined.id, { cookie: declined.cookie })).json()
      .clientSecret as string;
    expect((await confirm(declinedSecret, CARDS.declined)).statusCode).toBe(402);

    const other = await signUp(t);
    const before = [await footprint(paid), await footprint(declined)];
    // Paid, declined or unknown, to nobody or to another account: one and the same answer.
    for (const intentId of [intentOf(paidSecret), intentOf(declinedSecret), 'pi_sandbox_unknown']) {
      for (const cookie of [undefined, other.cookie]) {
        const res = await report(intentId, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(PAYMENT_RECEIVED);
      }
    }
    expect([await footprint(paid), await footprint(declined)]).toEqual(before);

    const own = await report(intentOf(paidSecret), paid.cookie);
    expect(own.json()).toMatchObject({ status: 'succeeded', email: paid.email });
    const ownDecline = await report(intentOf(declinedSecret), declined.cookie);
    expect(ownDecline.statusCode).toBe(402);
    expect(ownDecline.json().message).toBe('Your card was declined.');
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

import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import {
  CARDS,
  addCard,
  billingInfo,
  confirmCard,
  signUp,
  startCheckout,
  tokeniseCard,
  type TestCustomer,
} from '../../../../../tests/setup/customers';
import {
  customers,
  invoices,
  payments,
  paymentMethods,
  sandboxCharges,
  sandboxIntents,
  sandboxPaymentMethods,
} from '../../../db/schema';

// Races are real on PostgreSQL (several connections); these run there too when TEST_DATABASE_URL is set.
let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

const startCheckoutOf = (c: TestCustomer) => startCheckout(t, c);
const confirm = (clientSecret: string, number: string) => confirmCard(t, clientSecret, number);

async function ledgerOf(customerId: string) {
  const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, customerId));
  return t.database.db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.customerRef, customer!.providerCustomerRef!));
}

const rowsOf = async (table: typeof payments | typeof invoices, customerId: string) =>
  t.database.db.select().from(table).where(eq(table.customerId, customerId));

describe('a payment intent is confirmed at most once', () => {
  it('five concurrent confirmations of one checkout make one charge, one payment, one invoice', async () => {
    const c = await signUp(t);
    const secret = await startCheckoutOf(c);
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(secret, CARDS.visa)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.json().status).toBe('succeeded');

    const charges = await ledgerOf(c.id);
    expect(charges.map((ch) => ch.status)).toEqual(['succeeded']);
    expect((await rowsOf(payments, c.id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await rowsOf(invoices, c.id)).toHaveLength(1);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');

    // Later confirmations of a paid intent charge nothing either.
    expect((await confirm(secret, CARDS.visa)).statusCode).toBe(200);
    expect(await ledgerOf(c.id)).toHaveLength(1);
  });

  it('a declined card, then a good card on the same checkout: one failed and one succeeded charge', async () => {
    const c = await signUp(t);
    const secret = await startCheckoutOf(c);
    const declined = await confirm(secret, CARDS.declined);
    expect(declined.statusCode).toBe(402);
    const paid = await confirm(secret, CARDS.visa);
    expect(paid.statusCode).toBe(200);
    const charges = await ledgerOf(c.id);
    expect(charges.map((ch) => ch.status).sort()).toEqual(['failed', 'succeeded']);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
  });
});

/**
 * What a process that died in the middle of a confirmation leaves behind: the intent claimed for
 * attempt 1 with its claim run out, and (if it got that far) the charge of attempt 1 in the ledger.
 */
async function leftByDeadProcess(c: TestCustomer, secret: string, charged: boolean) {
  const [intent] = await t.database.db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.clientSecret, secret));
  const token = await tokeniseCard(t, c, CARDS.visa);
  expect(token.statusCode).toBe(200);
  await t.database.db
    .update(sandboxPaymentMethods)
    .set({ customerRef: intent!.customerRef })
    .where(eq(sandboxPaymentMethods.id, token.json().id));
  if (charged)
    await t.database.db.insert(sandboxCharges).values({
      id: `ch_sbx_dead_${intent!.id}`,
      customerRef: intent!.customerRef,
      paymentMethodRef: token.json().id,
      amountCents: intent!.amountCents,
      status: 'succeeded',
      idempotencyKey: `${intent!.id}:1`,
    });
  await t.database.db
    .update(sandboxIntents)
    .set({ status: 'processing', attempts: 1, claimedUntil: new Date(Date.now() - 1000) })
    .where(eq(sandboxIntents.id, intent!.id));
  return intent!;
}

/** A checkout whose confirmation a process left unfinished (`charged`: after its charge), confirmed again. */
async function confirmedAfterDeadProcess(charged: boolean) {
  const c = await signUp(t);
  const secret = await startCheckoutOf(c);
  const intent = await leftByDeadProcess(c, secret, charged);
  const res = await confirm(secret, CARDS.visa);
  expect(res.statusCode).toBe(200);
  return { c, intent, res };
}

describe('a confirmation left unfinished by a process that died', () => {
  it('is finished by the next one, which finds the charge already made and charges nothing more', async () => {
    const { c, intent, res } = await confirmedAfterDeadProcess(true);
    expect(res.json().status).toBe('succeeded');
    expect((await ledgerOf(c.id)).map((ch) => ch.id)).toEqual([`ch_sbx_dead_${intent.id}`]);
    const paid = await t.database.db
      .select({ providerRef: payments.providerRef })
      .from(payments)
      .where(and(eq(payments.customerId, c.id), eq(payments.status, 'succeeded')));
    expect(paid).toEqual([{ providerRef: `ch_sbx_dead_${intent.id}` }]);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
  });

  it('is taken over as a new attempt when the dead process charged nothing', async () => {
    const { c, intent } = await confirmedAfterDeadProcess(false);
    const charges = await ledgerOf(c.id);
    expect(charges.map((ch) => [ch.status, ch.idempotencyKey])).toEqual([['succeeded', `${intent.id}:2`]]);
    expect((await billingInfo(t, c)).subscriptionStatus).toBe('active');
  });
});

describe('card changes under concurrency', () => {
  it('30 concurrent set-default calls across 3 cards all succeed and leave exactly one default', async () => {
    const c = await signUp(t);
    await addCard(t, c, CARDS.visa);
    await addCard(t, c, '5555 5555 5555 4444', false);
    await addCard(t, c, '4012 8888 8888 1881', false);
    const cards = await t.database.db
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, c.id));
    expect(cards).toHaveLength(3);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post(c, `/api/customer/payment-methods/${cards[i % 3]!.id}/set-default`, {}),
      ),
    );
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const [defaults] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, c.id), eq(paymentMethods.isDefault, true)));
    expect(defaults!.n).toBe(1);
  });

  it('five concurrent additions of one card: one saved, four told it is already on file', async () => {
    const c = await signUp(t);
    const paymentMethodId = (await tokeniseCard(t, c, CARDS.visa)).json().id;
    const add = () => t.post(c, '/api/customer/add-payment-method', { paymentMethodId, setAsDefault: true });
    const answers = await Promise.all(Array.from({ length: 5 }, add));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().message).toBe('This card is already on file.');
    expect((await billingInfo(t, c)).paymentMethods).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import {
  CARDS,
  addCard,
  billingInfo,
  signUp,
  tokeniseCard,
  type TestCustomer,
} from '../../../../../tests/setup/customers';
import { notifications } from '../../../db/schema';

let t: TestApp;
useTestApp({}, (opened) => ({ t } = opened));

async function tryAdd(c: TestCustomer, number: string) {
  const token = await tokeniseCard(t, c, number);
  expect(token.statusCode).toBe(200);
  const paymentMethodId = token.json().id;
  return t.post(c, '/api/customer/add-payment-method', { paymentMethodId, setAsDefault: true });
}

const staffNotes = async (c: TestCustomer) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.customerId, c.id))).length;

describe('a card is verified with the provider before it is saved', () => {
  it('the declined test card is refused with its reason and never becomes primary', async () => {
    const c = await signUp(t);
    const notesBefore = await staffNotes(c);
    const res = await tryAdd(c, CARDS.declined);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      message: 'Your card was declined.',
      errors: { number: 'Your card was declined.' },
    });
    expect((await billingInfo(t, c)).paymentMethods).toEqual([]);
    expect(await staffNotes(c)).toBe(notesBefore);
  });

  it('insufficient funds is refused too, and an existing primary card stays primary', async () => {
    const c = await signUp(t);
    await addCard(t, c, CARDS.visa);
    const res = await tryAdd(c, CARDS.insufficient);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card has insufficient funds.');
    const cards = (await billingInfo(t, c)).paymentMethods;
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ last4: '4242', isDefault: true });
  });

  it('a good card is saved, and the first one becomes primary', async () => {
    const c = await signUp(t);
    const res = await tryAdd(c, CARDS.visa);
    expect(res.statusCode).toBe(200);
    expect((await billingInfo(t, c)).paymentMethods[0]).toMatchObject({ last4: '4242', isDefault: true });
  });
});

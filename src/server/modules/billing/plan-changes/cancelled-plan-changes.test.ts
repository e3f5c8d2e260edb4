import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import { CARDS, billingInfo, checkout, signUp } from '../../../../../tests/setup/customers';
import { cancelledPlanChangeMessage } from '../../../../shared/contracts/portal';
import { manualClock } from '../../../clock';
import { payments, sandboxCharges } from '../../../db/schema';
import { shortDate } from '../../../lib/day-text';

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
useTestApp({ clock }, (opened) => ({ t } = opened));

async function cancelledCustomer() {
  const c = await signUp(t, { planId: 'starter' });
  expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
  clock.advanceDays(10);
  expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
  return c;
}

describe('plan changes after a cancellation', () => {
  it('an upgrade is refused with the date it ends, and nothing is charged', async () => {
    const c = await cancelledCustomer();
    const before = await billingInfo(t, c);
    const chargesBefore = await t.database.db.select().from(sandboxCharges);

    const res = await t.post(c, '/api/customer/upgrade-plan', { planId: 'professional' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(cancelledPlanChangeMessage(shortDate(new Date(before.currentPeriodEnd))));

    const after = await billingInfo(t, c);
    expect(after).toMatchObject({
      currentPlan: { id: 'starter' },
      cancelAtPeriodEnd: true,
      nextBillingDate: null,
      subscriptionStatus: 'active',
    });
    const paid = await t.database.db.select().from(payments).where(eq(payments.customerId, c.id));
    expect(paid.map((p) => p.status)).toEqual(['succeeded']);
    expect(await t.database.db.select().from(sandboxCharges)).toHaveLength(chargesBefore.length);
  });

  it('a downgrade is refused with the same rule', async () => {
    const c = await signUp(t, { planId: 'professional' });
    expect((await checkout(t, c, CARDS.visa)).statusCode).toBe(200);
    expect((await t.post(c, '/api/customer/cancel-subscription', {})).statusCode).toBe(200);
    const res = await t.post(c, '/api/customer/downgrade-plan', { planId: 'starter' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Your subscription is cancelled and ends on /);
    expect((await billingInfo(t, c)).scheduledPlan).toBeNull();
  });
});

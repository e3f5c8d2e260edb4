import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp, type TestApp } from '../../../../../tests/setup/test-app';
import { CARDS, checkout, signUp } from '../../../../../tests/setup/customers';
import { manualClock } from '../../../clock';
import { customers, payments } from '../../../db/schema';
import { runDueBilling } from '../../../jobs/billing-runner';

const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
let t: TestApp;
useTestApp({ clock }, (opened) => ({ t } = opened));

/**
 * What one paid renewal costs the database, counted through the app's own client: statements are most
 * of a renewal's time on the embedded database, so this count holds the billing job's speed
 * (docs/billing.md, "What a renewal costs"). 11 of its own, and 4 for queuing the receipt email.
 */
const RENEWAL_STATEMENTS = 15;
/** Per claimed batch: the claim (select, update), the batch's renewal contexts, its health refresh (gather, write). */
const BATCH_STATEMENTS = 5;

describe('the statements of a renewal', () => {
  it(`a paid renewal makes at most ${RENEWAL_STATEMENTS} statements, and the batch's health is refreshed once`, async () => {
    const renewing = [];
    for (let i = 0; i < 5; i++) {
      const c = await signUp(t, { planId: 'starter' });
      await checkout(t, c, CARDS.visa);
      renewing.push(c);
    }
    const ids = renewing.map((c) => c.id);
    // Another renewal was due on the seeded accounts meanwhile: the count is per renewal the run made.
    clock.advanceDays(14 + 31);
    let processed = 0;
    const seen = await t.queriesDuring(async () => {
      processed = (await runDueBilling(t.app.services.billing)).processed;
    });
    // Transaction boundaries are counted by one driver and not the other: the statements are the rest.
    const statements = seen.filter((q) => !/^(begin|commit|rollback)\b/i.test(q.trim()));
    const paid = await t.database.db
      .select({ customerId: payments.customerId })
      .from(payments)
      .where(inArray(payments.customerId, ids));
    // Each paid twice: the checkout and this renewal.
    expect(paid).toHaveLength(2 * renewing.length);
    const batches = Math.ceil(processed / 20);
    // The last claim finds nothing due: one more select.
    expect(statements.length).toBeLessThanOrEqual(
      processed * RENEWAL_STATEMENTS + batches * BATCH_STATEMENTS + 1,
    );
    // The accounts' health: gathered once per batch, not once per renewal.
    // (health.test.ts holds what the refresh finds after a renewal.)
    const gathers = statements.filter((q) => q.includes("p.status = 'failed'"));
    expect(gathers).toHaveLength(batches);
  });

  it('the paid period and the account’s status are one statement: pending turns active, suspended stays', async () => {
    const [owing, held, active] = [
      await signUp(t, { planId: 'starter' }),
      await signUp(t, { planId: 'starter' }),
      await signUp(t, { planId: 'starter' }),
    ];
    for (const c of [owing, held, active]) await checkout(t, c, CARDS.visa);
    const statusOf = async (id: string) =>
      (
        await t.database.db.select({ status: customers.status }).from(customers).where(eq(customers.id, id))
      )[0]!;
    const updatedAt = async (id: string) =>
      (
        await t.database.db.select({ at: customers.updatedAt }).from(customers).where(eq(customers.id, id))
      )[0]!.at;
    await t.database.db.update(customers).set({ status: 'pending' }).where(eq(customers.id, owing.id));
    await t.database.db.update(customers).set({ status: 'suspended' }).where(eq(customers.id, held.id));
    const activeBefore = await updatedAt(active.id);
    // Past the trial the checkout kept, and the paid month after it.
    clock.advanceDays(14 + 31);
    await runDueBilling(t.app.services.billing);
    const paid = await t.database.db
      .select({ customerId: payments.customerId })
      .from(payments)
      .where(inArray(payments.customerId, [owing.id, held.id, active.id]));
    expect(paid).toHaveLength(6);
    expect(await statusOf(owing.id)).toEqual({ status: 'active' });
    // Only staff lift a suspension.
    expect(await statusOf(held.id)).toEqual({ status: 'suspended' });
    // An account already active is not written again.
    expect(await updatedAt(active.id)).toEqual(activeBefore);
  });
});

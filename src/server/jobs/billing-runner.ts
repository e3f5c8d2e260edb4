import { and, asc, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { subscriptions } from '../db/schema';
import {
  type BillingDeps,
  type SubscriptionRow,
  processDueSubscription,
  renewalContexts,
  type RenewalOutcome,
} from '../modules/billing';
import { refreshAccountsHealth } from '../modules/customer-health';

/** How long a worker holds a subscription it is charging; after that another may take it over. */
const CLAIM_MS = 5 * 60_000;
const CLAIM_BATCH = 20;

/**
 * Claims due subscriptions a few at a time. `FOR UPDATE SKIP LOCKED` lets workers on several app
 * instances pass each other without waiting, and the claim keeps the row theirs while the card is
 * charged outside any transaction. Charges carry an idempotency key, so even a worker that dies
 * after charging and before recording cannot cause a second charge.
 */
async function claimBatch(deps: BillingDeps, size: number): Promise<SubscriptionRow[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          lte(subscriptions.nextActionAt, now),
          or(isNull(subscriptions.claimedUntil), lt(subscriptions.claimedUntil, now)),
        ),
      )
      .orderBy(asc(subscriptions.nextActionAt))
      .limit(size)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const claimedUntil = new Date(now.getTime() + CLAIM_MS);
    await tx
      .update(subscriptions)
      .set({ claimedUntil })
      .where(
        inArray(
          subscriptions.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((row) => ({ ...row, claimedUntil }));
  });
}

export type BillingRun = { processed: number; outcomes: Partial<Record<RenewalOutcome | 'error', number>> };

export async function runDueBilling(
  deps: BillingDeps,
  options: { limit?: number; log?: FastifyBaseLogger } = {},
): Promise<BillingRun> {
  const limit = options.limit ?? 1000;
  const run: BillingRun = { processed: 0, outcomes: {} };
  while (run.processed < limit) {
    // A small batch per claim: fewer round trips, and still little held if this worker dies.
    const batch = await claimBatch(deps, Math.min(CLAIM_BATCH, limit - run.processed));
    if (batch.length === 0) break;
    // The batch's renewal contexts in one query, and its accounts' health in one refresh after: each
    // renewal's own transaction then holds only what must be in it (its records and audit row).
    const contexts = await renewalContexts(deps.db, batch);
    const changed: string[] = [];
    for (const sub of batch) {
      run.processed += 1;
      try {
        const outcome = await processDueSubscription(deps, sub, undefined, {
          context: contexts.get(sub.id),
          refreshHealth: false,
        });
        run.outcomes[outcome] = (run.outcomes[outcome] ?? 0) + 1;
        if (outcome !== 'skipped') changed.push(sub.customerId);
      } catch (err) {
        // The claim stays until it expires, so a failing subscription is not retried in a hot loop.
        run.outcomes.error = (run.outcomes.error ?? 0) + 1;
        options.log?.error({ err, subscriptionId: sub.id }, 'billing: processing a subscription failed');
      }
    }
    try {
      await refreshAccountsHealth(deps.db, changed);
    } catch (err) {
      // The renewals are committed; the health job's daily sweep recomputes these accounts.
      options.log?.error({ err, accounts: changed.length }, 'billing: refreshing the accounts health failed');
    }
  }
  return run;
}

/**
 * One run of the billing job (`billing: renewals` in jobs/registry.ts): the due subscriptions, renewed.
 * Several instances may run it at once.
 */
export function billingRenewalsRun(deps: BillingDeps, log: FastifyBaseLogger) {
  return async () => {
    const run = await runDueBilling(deps, { log });
    if (run.processed > 0) log.info({ run }, 'billing: processed due subscriptions');
  };
}

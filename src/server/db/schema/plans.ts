import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_STATUSES } from '../../../shared/statuses';
import { ownedBy } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';

// Plans, the subscription of each customer to one, and the MRR they add up to (docs/revenue.md).

/** Deleted plans are kept (deleted_at set) so customers on them keep their plan and price. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    interval: text('interval').notNull().default('month'),
    vehicleLimit: integer('vehicle_limit'),
    userLimit: integer('user_limit'),
    active: boolean('active').notNull().default(true),
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('plans_listing_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * One subscription per customer: the plan, the period and what the billing job must do next.
 * status: trialing | active | past_due (a charge failed, retries scheduled) | pending (needs a card
 * or a successful payment) | canceled.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: randomId(),
    customerId: ownedBy(),
    planId: text('plan_id').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** The price of the current period, fixed when the period starts. */
    priceCents: integer('price_cents').notNull(),
    trialEndsAt: timestamptz('trial_ends_at'),
    currentPeriodStart: timestamptz('current_period_start').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamptz('canceled_at'),
    /** A downgrade waiting for the end of the period. */
    scheduledPlanId: text('scheduled_plan_id'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When the billing job must next look at this subscription (trial end, renewal, retry). */
    nextActionAt: timestamptz('next_action_at'),
    /** A worker holding the subscription until then; another worker skips it. */
    claimedUntil: timestamptz('claimed_until'),
    /**
     * What the subscription adds to MRR now (docs/revenue.md): its price while active or past due,
     * else 0. Kept by a database trigger, which also writes every change of it to `mrr_events`.
     */
    mrrCents: integer('mrr_cents').notNull().default(0),
    createdAt: createdAt(),
    /** The MRR ledger dates each change by it (migration 0011): an update that does not set it gets now. */
    updatedAt: updatedAt().$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('subscriptions_customer_key').on(t.customerId),
    index('subscriptions_status_idx').on(t.status, t.planId),
    index('subscriptions_due_idx')
      .on(t.nextActionAt)
      .where(sql`${t.nextActionAt} is not null`),
    // The trials ending soon, in end order (the email automation's reminders, read in pieces:
    // modules/email/automation.ts): a piece is a walk of the index, not a read of every trial.
    index('subscriptions_trial_end_idx')
      .on(t.trialEndsAt, t.customerId)
      .where(sql`${t.status} = 'trialing'`),
    // The Fleet Control Center's accounts past due, latest change first, and their count
    // (fleet-center/monitoring.ts): the few past due rows, without a pass over every subscription.
    index('subscriptions_past_due_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.customerId)
      .where(sql`${t.status} = 'past_due'`),
  ],
);

/** Monthly recurring revenue as it stood each day, for month-over-month growth. */
export const revenueSnapshots = pgTable('revenue_snapshots', {
  day: date('day').primaryKey(),
  mrrCents: bigint('mrr_cents', { mode: 'number' }).notNull(),
  activeSubscriptions: integer('active_subscriptions').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every change of a subscription's MRR (docs/revenue.md), written by the `subscriptions_mrr` trigger
 * in the transaction of the change, so MRR at any moment is the sum of the deltas before it and the
 * movements of a period always add up. `customer_delta` is +1 when an account starts paying and -1
 * when it stops. No foreign keys: the history outlives a deleted account.
 */
export const mrrEvents = pgTable(
  'mrr_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    /** new, expansion, contraction, churn or reactivation. */
    kind: text('kind').notNull(),
    fromCents: integer('from_cents').notNull(),
    toCents: integer('to_cents').notNull(),
    deltaCents: integer('delta_cents').notNull(),
    customerDelta: integer('customer_delta').notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
  },
  (t) => [
    index('mrr_events_occurred_idx').on(t.occurredAt),
    index('mrr_events_customer_idx').on(t.customerId, t.occurredAt),
  ],
);

/**
 * The net MRR retention cohorts, kept by the `mrr_cohort_months` trigger on `mrr_events` (migration
 * 0035) in the transaction of each event: per cohort (the UTC month of a customer's one `new` event) and
 * UTC month, the customers who started in the cohort and their starting MRR (on the cohort's own month
 * only), and the sum of every event's delta. Revenue analytics reads a year of cohorts here, a few
 * dozen rows, instead of a year of the ledger joined to its `new` events (0.3-0.4 s at 100,000 accounts).
 */
export const mrrCohortMonths = pgTable(
  'mrr_cohort_months',
  {
    cohort: date('cohort').notNull(),
    month: date('month').notNull(),
    customers: integer('customers').notNull().default(0),
    startingCents: bigint('starting_cents', { mode: 'number' }).notNull().default(0),
    deltaCents: bigint('delta_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cohort, t.month] })],
);

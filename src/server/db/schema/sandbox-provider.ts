import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, createdAt } from './columns';

/**
 * The sandbox payment provider's own records (it plays the processor, offline). Nothing here
 * holds a full card number: tokenising keeps brand, last four digits, expiry and test behaviour.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  customerRef: text('customer_ref'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour').notNull(),
  createdAt: createdAt(),
});

export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerRef: text('customer_ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  status: text('status').notNull(),
  paymentMethodRef: text('payment_method_ref'),
  chargeRef: text('charge_ref'),
  lastError: text('last_error'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** Confirmations tried so far: each one charges under its own key, `{intent}:{attempt}`. */
  attempts: integer('attempts').notNull().default(0),
  /** While a confirmation runs, no other may start (until this time, if its process died). */
  claimedUntil: timestamptz('claimed_until'),
  createdAt: createdAt(),
});

export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  customerRef: text('customer_ref').notNull(),
  paymentMethodRef: text('payment_method_ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  status: text('status').notNull(),
  failureMessage: text('failure_message'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  chargeRef: text('charge_ref').notNull(),
  amountCents: integer('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

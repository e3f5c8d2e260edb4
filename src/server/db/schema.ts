import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COMMISSION_STATUSES,
  CRM_SYNC_STATUSES,
  CUSTOMER_STATUSES,
  DRIVER_STATUSES,
  EMAIL_STATUSES,
  INVOICE_STATUSES,
  JOB_STATUSES,
  PAYMENT_REQUEST_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  SUBSCRIPTION_STATUSES,
  TICKET_STATUSES,
  VEHICLE_STATUSES,
} from '../../shared/statuses';

const randomId = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The customer account a row belongs to; removing the account removes the row. */
const ownedBy = () =>
  uuid('customer_id')
    .notNull()
    .references((): AnyPgColumn => customers.id, { onDelete: 'cascade' });
/**
 * The customer account a record of the books belongs to (payments, invoices). Deleting the account
 * detaches the record (customer_id null, customer_deleted_at set) instead of removing it.
 */
const keptForTheBooks = () =>
  uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' });
const customerDeletedAt = () => timestamp('customer_deleted_at', { withTimezone: true });

/** Key/value facts about this database itself (for example that demo data was seeded once). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: randomId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    address: text('address'),
    role: text('role').notNull().default('sales'),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    isPasswordSet: boolean('is_password_set').notNull().default(false),
    /** The profile dialog's preferences (theme, timezone, dashboard refresh), kept per member. */
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** What the team list's search box matches, lowercased once on write. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)`,
    ),
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(sql`lower(${t.email})`),
    index('staff_users_role_idx').on(t.role, t.createdAt),
  ],
);

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
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('plans_listing_idx')
      .on(t.priceCents, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: randomId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    companyName: text('company_name').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country').notNull().default('US'),
    /** No foreign key on purpose: deleting a plan must not take it away from its customers. */
    planId: text('plan_id'),
    role: text('role').notNull().default('fleet_admin'),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('active'),
    /** Where invoices and receipts go; the sign-in email when unset. */
    billingEmail: text('billing_email'),
    /** The customer's record at the payment provider (sandbox or Stripe). */
    providerCustomerRef: text('provider_customer_ref'),
    carLimit: integer('car_limit'),
    userLimit: integer('user_limit'),
    featureAccess: jsonb('feature_access').$type<Record<string, boolean>>(),
    isPasswordSet: boolean('is_password_set').notNull().default(true),
    lastPasswordChange: timestamp('last_password_change', { withTimezone: true }),
    healthScore: integer('health_score').notNull().default(100),
    riskLevel: text('risk_level').notNull().default('low'),
    /** Why the score is what it is, one short sentence per signal that took points off. */
    healthReasons: jsonb('health_reasons').$type<string[]>().notNull().default([]),
    healthCheckedAt: timestamp('health_checked_at', { withTimezone: true }),
    /** The last sign-in of the owner or any team member of the account. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * The sales user credited with this account's payments (docs/commissions.md): chosen in the
     * customer dialogs, by default the sales user who created it.
     */
    salesUserId: uuid('sales_user_id').references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' }),
    /** What the staff search box matches, lowercased once on write. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(company_name || ' ' || first_name || ' ' || last_name || ' ' || email)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    index('customers_plan_idx').on(t.planId),
    index('customers_created_idx').on(t.createdAt),
    index('customers_status_idx').on(t.status, t.createdAt),
    index('customers_risk_idx').on(t.riskLevel, t.healthScore),
    // the customers screen's status and risk filters together, in health order: the page is an
    // index walk of one page and the count an index-only count (docs/performance.md)
    index('customers_status_risk_idx').on(t.status, t.riskLevel, t.healthScore, t.id),
    index('customers_health_idx').on(t.healthScore, t.id),
    index('customers_company_idx').on(sql`lower(${t.companyName})`, t.id),
    index('customers_health_checked_idx').on(t.healthCheckedAt),
    index('customers_sales_user_idx').on(t.salesUserId),
  ],
);

/** Server-side sessions; `id` is the SHA-256 of the token, so a leaked table does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Set when a team member (not the account owner) signed in; customer_id is their account. */
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The session ends once it has been unused this long (null: only `expires_at` ends it). */
    idleTimeoutSeconds: integer('idle_timeout_seconds'),
    /** Set on a session staff opened into this account (impersonation): who is really acting. */
    impersonatorStaffId: uuid('impersonator_staff_id').references(() => staffUsers.id, {
      onDelete: 'cascade',
    }),
    /** The session this one was made from (auto-login from the fleet CRM): ending the parent ends it. */
    parentId: text('parent_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_parent_idx').on(t.parentId),
    index('sessions_staff_idx').on(t.staffUserId),
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/** One row per state change (and per sign-in attempt), written in the change's own transaction. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    /** The customer account the change belongs to, if any (the fleet app's recent changes). */
    accountId: uuid('account_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull().default(true),
    /** The spec's action word (login, logout, create, update, delete, export, view): shared/audit-categories.ts. */
    category: text('category').notNull().default('update'),
    /** Position in the tamper-evident chain, given when the row is sealed (docs/audit-logs.md). */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    /** SHA-256 (hex) of the row's content and the previous sealed row's hash. */
    hash: text('hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_logs_chain_seq_key').on(t.chainSeq),
    index('audit_logs_unsealed_idx')
      .on(t.id)
      .where(sql`${t.chainSeq} is null`),
    index('audit_logs_category_idx').on(t.category, t.createdAt),
    // the Audit Logs filters, search and sorts at a million rows (docs/audit-logs.md "Paging")
    index('audit_logs_actor_email_idx').on(t.actorEmail.op('text_pattern_ops')),
    index('audit_logs_resource_created_idx').on(t.resourceType, t.createdAt),
    index('audit_logs_category_resource_idx').on(t.category, t.resourceType, t.createdAt),
    index('audit_logs_resource_id_idx').on(t.resourceId),
    index('audit_logs_action_idx').on(t.action, t.createdAt),
    index('audit_logs_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.success} = false`),
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_resource_idx').on(t.resourceType, t.resourceId),
    // a member's own trail, newest first (the profile dialog's Activity tab)
    index('audit_logs_actor_idx').on(t.actorId, t.createdAt),
    index('audit_logs_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** The activity feed staff see on the dashboard (docs/staff-dashboard.md "Recent Activity"). */
export const activities = pgTable(
  'activities',
  {
    id: randomId(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt), index('activities_customer_idx').on(t.customerId)],
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
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** A downgrade waiting for the end of the period. */
    scheduledPlanId: text('scheduled_plan_id'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When the billing job must next look at this subscription (trial end, renewal, retry). */
    nextActionAt: timestamp('next_action_at', { withTimezone: true }),
    /** A worker holding the subscription until then; another worker skips it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
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
  ],
);

/** Cards on file, as the provider describes them: never a full number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: randomId(),
    customerId: ownedBy(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_customer_idx').on(t.customerId),
    uniqueIndex('payment_methods_one_default')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('payment_methods_ref_key').on(t.provider, t.providerRef),
  ],
);

/** Gapless counters (invoice numbers): incremented inside the transaction that uses the value. */
export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export type InvoiceLine = {
  description: string;
  amountCents: number;
  periodStart?: string;
  periodEnd?: string;
};
export type BillingAddress = {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
};

export const invoices = pgTable(
  'invoices',
  {
    id: randomId(),
    number: text('number').notNull(),
    customerId: keptForTheBooks(),
    customerDeletedAt: customerDeletedAt(),
    subscriptionId: uuid('subscription_id'),
    /** subscription: one per billing period; proration: an upgrade's difference. */
    kind: text('kind').notNull().default('subscription'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    currency: text('currency').notNull().default('usd'),
    totalCents: integer('total_cents').notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    billingName: text('billing_name').notNull(),
    billingEmail: text('billing_email').notNull(),
    billingAddress: jsonb('billing_address').$type<BillingAddress | null>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** When an open invoice must be paid: the payment terms (a setting) from the issue date. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /**
     * What its completed payments brought in, net of refunds: kept by a trigger on `payments`, so the
     * reconciliation reads one row per invoice instead of summing payments.
     */
    collectedCents: integer('collected_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_issued_idx').on(t.issuedAt),
    index('invoices_status_idx').on(t.status, t.issuedAt),
    index('invoices_reconcile_idx')
      .on(t.issuedAt, t.status, t.totalCents, t.collectedCents)
      .where(sql`${t.status} in ('paid', 'open')`),
    index('invoices_customer_idx').on(t.customerId, t.issuedAt),
    // one invoice per subscription period, however often a renewal is retried
    uniqueIndex('invoices_period_key')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`${t.kind} = 'subscription'`),
  ],
);

/** Every charge attempt. The idempotency key makes a retried job or a double submit charge once. */
export const payments = pgTable(
  'payments',
  {
    id: randomId(),
    customerId: keptForTheBooks(),
    customerDeletedAt: customerDeletedAt(),
    subscriptionId: uuid('subscription_id'),
    invoiceId: uuid('invoice_id'),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    paymentMethodId: uuid('payment_method_id'),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key').notNull(),
    planId: text('plan_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_amount_idx').on(t.amountCents, t.id),
    index('payments_status_amount_idx').on(t.status, t.amountCents, t.id),
    index('payments_provider_ref_idx')
      .on(t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/** Staff notifications (docs/staff-notifications.md). */
export const notifications = pgTable(
  'notifications',
  {
    id: randomId(),
    type: text('type').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_created_idx').on(t.createdAt)],
);

/** Which staff member has read which notification: each sees their own unread count. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.notificationId] })],
);

/**
 * A one-time pass for a staff member into one customer's fleet app (docs/impersonation.md).
 * Only the SHA-256 of the token is kept; `used_at` makes it single-use.
 */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    id: randomId(),
    tokenDigest: text('token_digest').notNull(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('impersonation_tokens_digest_key').on(t.tokenDigest)],
);

/** Monthly recurring revenue as it stood each day, for month-over-month growth. */
export const revenueSnapshots = pgTable('revenue_snapshots', {
  day: date('day').primaryKey(),
  mrrCents: bigint('mrr_cents', { mode: 'number' }).notNull(),
  activeSubscriptions: integer('active_subscriptions').notNull(),
  updatedAt: updatedAt(),
});

export const customerSettings = pgTable('customer_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  billingAddress: jsonb('billing_address').$type<BillingAddress | null>(),
  updatedAt: updatedAt(),
});

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
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
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

/** The customer's fleet (issue 4 builds the app on it); active vehicles count against the plan. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: randomId(),
    customerId: ownedBy(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    vin: text('vin').notNull(),
    licensePlate: text('license_plate').notNull(),
    status: text('status', { enum: VEHICLE_STATUSES }).notNull().default('active'),
    /** Miles to a thousandth, so a whole number of kilometres typed in the fleet app comes back exact. */
    mileage: numeric('mileage', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
    fuelLevel: integer('fuel_level').notNull().default(100),
    location: text('location'),
    lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Everything the search box matches, lowercased once on write: one LIKE per row instead of five. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(make || ' ' || model || ' ' || vin || ' ' || license_plate || ' ' || coalesce(location, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('vehicles_customer_vin_key').on(t.customerId, t.vin),
    uniqueIndex('vehicles_customer_plate_key').on(t.customerId, t.licensePlate),
    index('vehicles_customer_status_idx').on(t.customerId, t.status),
    index('vehicles_customer_updated_idx').on(t.customerId, t.lastUpdate),
  ],
);

/** People the account owner invited; with the owner they count against the plan's user limit. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: randomId(),
    customerId: ownedBy(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull().default('fleet_user'),
    passwordHash: text('password_hash'),
    /** Invited with a generated password until the member sets their own. */
    isPasswordSet: boolean('is_password_set').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('team_members_email_key').on(sql`lower(${t.email})`),
    index('team_members_customer_idx').on(t.customerId),
  ],
);

/** Provider webhook events already handled, so a redelivered event is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const drivers = pgTable(
  'drivers',
  {
    id: randomId(),
    customerId: ownedBy(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    licenseNumber: text('license_number').notNull(),
    status: text('status', { enum: DRIVER_STATUSES }).notNull().default('active'),
    assignedVehicleId: uuid('assigned_vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drivers_customer_idx').on(t.customerId, t.name),
    // one driver per vehicle at a time
    uniqueIndex('drivers_vehicle_key')
      .on(t.assignedVehicleId)
      .where(sql`${t.assignedVehicleId} is not null`),
  ],
);

export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: randomId(),
    customerId: ownedBy(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    dueMileage: numeric('due_mileage', { precision: 12, scale: 3, mode: 'number' }),
    costCents: integer('cost_cents'),
    notes: text('notes'),
    completedDate: date('completed_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('maintenance_customer_idx').on(t.customerId, t.completedDate, t.dueDate),
    index('maintenance_vehicle_idx').on(t.vehicleId),
  ],
);

/**
 * Every email a customer signs in with, the account owner's and each team member's, kept by
 * triggers on `customers` and `team_members` (migration 0005): the primary key is what makes one
 * email sign in to one account, whatever the order or timing of sign-ups and invitations.
 */
export const customerLogins = pgTable(
  'customer_logins',
  {
    email: text('email').primaryKey(),
    customerId: ownedBy(),
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('customer_logins_customer_idx').on(t.customerId)],
);

/**
 * Failure counters shared by every instance (sign-in, password checks, checkout payments): one row
 * per scope and subject, counting within a window that starts at the first failure.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject] }),
    index('attempt_counters_window_idx').on(t.windowStartedAt),
  ],
);

/** Proof-of-work challenges handed out after too many failed sign-ins; each is used at most once. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    difficulty: integer('difficulty').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A checkout link the product issued for one customer: paying needs that customer's session or
 * one of these (docs/payments.md). Only the SHA-256 of the token is kept.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: randomId(),
    tokenDigest: text('token_digest').notNull(),
    customerId: ownedBy(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdByStaffId: uuid('created_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_links_token_key').on(t.tokenDigest),
    index('payment_links_customer_idx').on(t.customerId),
  ],
);

/**
 * What a sales user earns on each plan (docs/commissions.md), as a fraction (0.075 is 7.5 %).
 * A new rate for the same user and plan replaces the active one; the old one stays, inactive.
 */
export const salesCommissionRates = pgTable(
  'sales_commission_rates',
  {
    id: randomId(),
    salesUserId: uuid('sales_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    commissionRate: numeric('commission_rate', { precision: 6, scale: 5, mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // one active rate per user and plan, whatever the number of concurrent requests
    uniqueIndex('sales_commission_rates_active_key')
      .on(t.salesUserId, t.planId)
      .where(sql`${t.isActive}`),
    index('sales_commission_rates_user_idx').on(t.salesUserId, t.createdAt),
  ],
);

/**
 * A commission earned on a payment, or its negative adjustment on a refund (docs/commissions.md).
 * `source_key` names the event (`payment:{id}`, `refund:{key}`) so each is recorded once.
 * The sales user's name is kept so the history still reads after the user is deleted.
 */
export const salesCommissions = pgTable(
  'sales_commissions',
  {
    id: randomId(),
    salesUserId: uuid('sales_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    salesUserName: text('sales_user_name').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    planId: text('plan_id'),
    sourceKey: text('source_key').notNull(),
    /** payment, or refund_adjustment (negative amounts). */
    commissionType: text('commission_type').notNull(),
    baseCents: integer('base_cents').notNull(),
    commissionRate: numeric('commission_rate', { precision: 6, scale: 5, mode: 'number' }).notNull(),
    commissionCents: integer('commission_cents').notNull(),
    /** pending, then paid. */
    status: text('status', { enum: COMMISSION_STATUSES }).notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidByStaffId: uuid('paid_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sales_commissions_source_key').on(t.sourceKey),
    index('sales_commissions_user_idx').on(t.salesUserId, t.createdAt),
    index('sales_commissions_status_idx').on(t.status, t.createdAt),
    index('sales_commissions_created_idx').on(t.createdAt),
  ],
);

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
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mrr_events_occurred_idx').on(t.occurredAt),
    index('mrr_events_customer_idx').on(t.customerId, t.occurredAt),
  ],
);

/**
 * A staff refund of part or all of a payment (issue 12). The row is written, holding its amount
 * against the payment, before the provider is called with `refund:{id}` as idempotency key; it
 * ends succeeded or failed. `request_key` makes a repeated submit of one dialog one refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: randomId(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    customerId: keptForTheBooks(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    /** pending (held against the payment, provider not yet answered), succeeded, failed. */
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    requestKey: text('request_key').notNull(),
    providerRef: text('provider_ref'),
    failureMessage: text('failure_message'),
    createdByStaffId: uuid('created_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_request_key').on(t.requestKey),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A payment staff asked a customer for (Send Payment Request, docs/billing-admin.md): paid through the same
 * checkout with a payment link; open until paid, expired after its due date.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: randomId(),
    customerId: ownedBy(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    dueDate: date('due_date').notNull(),
    /** invoice or subscription. */
    type: text('type').notNull(),
    /** open or paid; an open request past its due date reads as expired. */
    status: text('status', { enum: PAYMENT_REQUEST_STATUSES }).notNull().default('open'),
    paymentLinkId: uuid('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    /** The checkout intent that pays it: every checkout of the request offers this one (decision 0008). */
    intentRef: text('intent_ref'),
    invoiceId: uuid('invoice_id'),
    paymentId: uuid('payment_id'),
    createdByStaffId: uuid('created_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_requests_customer_idx').on(t.customerId, t.createdAt),
    index('payment_requests_created_idx').on(t.createdAt),
  ],
);

/** The expenses ledger staff add to (docs/payment-operations.md). */
export const expenses = pgTable(
  'expenses',
  {
    id: randomId(),
    incurredOn: date('incurred_on').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdByStaffId: uuid('created_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('expenses_incurred_idx').on(t.incurredOn, t.createdAt)],
);

/**
 * Hosting usage the server measures itself (docs/payment-operations.md): CPU time, bytes served and requests,
 * added up per day and per instance by each instance's meter.
 */
export const hostingUsage = pgTable(
  'hosting_usage',
  {
    day: date('day').notNull(),
    instanceId: text('instance_id').notNull(),
    cpuMicros: bigint('cpu_micros', { mode: 'number' }).notNull().default(0),
    bytesServed: bigint('bytes_served', { mode: 'number' }).notNull().default(0),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.day, t.instanceId] })],
);

/** Card disputes reported by the payment provider's signed webhook (Stripe `charge.dispute.*`). */
export const disputes = pgTable(
  'disputes',
  {
    id: randomId(),
    providerRef: text('provider_ref').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    customerId: keptForTheBooks(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('disputes_provider_ref_key').on(t.providerRef),
    index('disputes_created_idx').on(t.createdAt),
  ],
);

/** Product-wide settings staff change (billing terms now; the settings screen adds its own keys). */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedByStaffId: uuid('updated_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * Payments counted and summed per day and status, kept by a trigger on `payments` in the transaction of
 * each payment and refund: totals, rates by month and a status's count read a few hundred rows instead
 * of every payment. Days are UTC.
 */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    day: date('day').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    payments: integer('payments').notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

/**
 * The head of the audit chain (one row): the last sealed position and hash, and the floor the retention
 * job left (the position and hash of the last row it removed), so verification starts from there.
 */
export const auditChain = pgTable('audit_chain', {
  id: integer('id').primaryKey().default(1),
  headSeq: bigint('head_seq', { mode: 'number' }).notNull().default(0),
  headHash: text('head_hash').notNull().default(''),
  floorSeq: bigint('floor_seq', { mode: 'number' }).notNull().default(0),
  floorHash: text('floor_hash').notNull().default(''),
  updatedAt: updatedAt(),
});

/** Each running server instance and its latest vital signs (System Health, one row per instance). */
export const serverInstances = pgTable(
  'server_instances',
  {
    instanceId: text('instance_id').primaryKey(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Uptime, memory, CPU and event-loop delay as last measured (contracts/system-health.ts). */
    vitals: jsonb('vitals').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('server_instances_seen_idx').on(t.lastSeenAt)],
);

/**
 * API requests per instance, minute and route group: counts, errors and a latency histogram (counts per
 * fixed bucket) from which p95 is read. Each instance writes only its own rows.
 */
export const requestMetrics = pgTable(
  'request_metrics',
  {
    instanceId: text('instance_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    routeGroup: text('route_group').notNull(),
    requests: integer('requests').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    latencyBuckets: jsonb('latency_buckets').$type<number[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.minute, t.routeGroup] }),
    index('request_metrics_minute_idx').on(t.minute),
  ],
);

/** The last run of each background job on each instance. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    instanceId: text('instance_id').notNull(),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** running, ok or failed. */
    outcome: text('outcome').notNull(),
    error: text('error'),
    runs: integer('runs').notNull().default(0),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.job, t.instanceId] })],
);

/** The last success and failure of each integration (payments, email, crm, external-db). */
export const integrationStatus = pgTable('integration_status', {
  integration: text('integration').primaryKey(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastError: text('last_error'),
  updatedAt: updatedAt(),
});

/**
 * Alerts raised when a System Health threshold is crossed (type error, warning or info). At
 * most one open alert per condition, whatever the number of instances; staff resolve them.
 */
export const systemAlerts = pgTable(
  'system_alerts',
  {
    id: randomId(),
    type: text('type').notNull(),
    /** What raised it, e.g. `memory:<instance>` or `job:billing`: one open alert per condition. */
    conditionKey: text('condition_key').notNull(),
    message: text('message').notNull(),
    instanceId: text('instance_id'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByStaffId: uuid('resolved_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('system_alerts_open_key')
      .on(t.conditionKey)
      .where(sql`${t.resolvedAt} is null`),
    index('system_alerts_raised_idx').on(t.raisedAt),
  ],
);

/**
 * Every email the product sends (docs/email.md). A message is written here in the transaction of the
 * event that causes it, then delivered by the `email: deliver` job, which claims rows with
 * `for update skip locked` and a lease, so no two instances send one message. With no transport
 * configured a message stays queued here, where staff can read it.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: randomId(),
    /** The template it was rendered from (shared/email-templates.ts). */
    templateId: text('template_id').notNull(),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    /** Plain-text and HTML bodies, rendered at enqueue time; null once a sensitive body is erased. */
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    /**
     * The body holds a secret (a password, a reset or payment link): stored encrypted with the settings
     * key, shown to staff only while undelivered, and erased once sent.
     */
    sensitive: boolean('sensitive').notNull().default(false),
    /** What to attach, rendered at delivery: `[{ kind: 'invoice', invoiceId }]`. */
    attachments: jsonb('attachments').$type<{ kind: 'invoice'; invoiceId: string }[]>().notNull().default([]),
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Once per customer and event: a second enqueue with the same key is skipped (automation rules). */
    dedupeKey: text('dedupe_key'),
    /** queued, sending, sent or failed. */
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim by one instance's delivery job; past it, another instance may take the message. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** smtp or sendgrid: the transport that delivered (or last tried) it. */
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    index('email_outbox_template_idx').on(t.templateId, t.createdAt),
    index('email_outbox_customer_idx').on(t.customerId),
    index('email_outbox_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Staff edits of the email templates. The defaults live in code (shared/email-templates.ts); a row here
 * overrides a template's subject, body or enabled switch.
 */
export const emailTemplates = pgTable('email_templates', {
  id: text('id').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedByStaffId: uuid('updated_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * "Forgot password?" links (docs/password-reset.md): single use, one hour. Only the SHA-256 of the token
 * is kept, so the table does not hold a usable link.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** Set when the password is a team member's (customer_id is then their account). */
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_customer_idx').on(t.customerId),
    index('password_reset_tokens_staff_idx').on(t.staffUserId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Support tickets opened by customers from the portal (docs/support.md). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: randomId(),
    /** The short number people quote ("#1042"), from the `support_ticket` counter. */
    number: integer('number').notNull(),
    /** The account that opened it; null for a visitor's message from the landing page (visitor_*). */
    customerId: uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'cascade' }),
    /** A visitor without an account who wrote from the landing page's contact form: who to answer. */
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    /** billing, technical or feature_request. */
    category: text('category').notNull(),
    /** open, in_progress, resolved or closed. */
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** urgent, high, medium or low. */
    priority: text('priority').notNull().default('medium'),
    assignedToStaffId: uuid('assigned_to_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** The team member who opened it (null: the account owner): staff replies are emailed to them. */
    openedByTeamMemberId: uuid('opened_by_team_member_id').references((): AnyPgColumn => teamMembers.id, {
      onDelete: 'set null',
    }),
    /** The first staff reply visible to the customer (internal notes do not count). */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the staff search box matches, lowercased once on write. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(subject || ' ' || description)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_number_key').on(t.number),
    index('support_tickets_customer_idx').on(t.customerId, t.createdAt),
    index('support_tickets_status_idx').on(t.status, t.lastActivityAt, t.id),
    index('support_tickets_priority_idx').on(t.priority, t.lastActivityAt, t.id),
    index('support_tickets_activity_idx').on(t.lastActivityAt, t.id),
    index('support_tickets_assigned_idx').on(t.assignedToStaffId),
    index('support_tickets_created_idx').on(t.createdAt),
    // Every ticket has a requester: an account, or a visitor with an email to answer.
    check(
      'support_tickets_requester',
      sql`${t.customerId} is not null or (${t.visitorEmail} is not null and ${t.visitorName} is not null)`,
    ),
  ],
);

/** The thread of a ticket: customer and staff replies, and staff's internal notes. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: randomId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** customer or staff. */
    authorType: text('author_type').notNull(),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** A staff note the customer never sees. */
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Background jobs started by staff or by a schedule (docs/background-jobs.md): CRM bulk and automatic
 * syncs, external database imports. The screen polls `done` of `total`; the answer is `result`. At most
 * one running job per kind, whatever the number of clicks or instances (the partial unique index); a
 * job whose instance stopped beating is taken as failed, so a crash never blocks the next one.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: randomId(),
    kind: text('kind').notNull(),
    /** running, succeeded or failed. */
    status: text('status', { enum: JOB_STATUSES }).notNull().default('running'),
    done: integer('done').notNull().default(0),
    /** Null until the job knows how many records it has. */
    total: integer('total'),
    /** `{synced, errors, errorCount}` once finished (shared/contracts/background-jobs.ts). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why the whole job failed (not a per-record error: those are in `result`). */
    error: text('error'),
    /** The data domains the job wrote (shared/data-domains.ts): screens refetch them when it ends. */
    changedDomains: text('changed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startedByStaffId: uuid('started_by_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    instanceId: text('instance_id').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('background_jobs_running_key')
      .on(t.kind)
      .where(sql`${t.status} = 'running'`),
    index('background_jobs_kind_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * CRM integration records (docs/crm.md): one per record of ours and CRM, holding the CRM's id so a second
 * sync updates and never duplicates. `syncedHash` is the hash of what was last sent: auto-sync skips a
 * record whose fields did not change.
 */
export const crmIntegrations = pgTable(
  'crm_integrations',
  {
    id: randomId(),
    /** customer or user (a team member of staff). */
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    /** hubspot or salesforce. */
    crmType: text('crm_type').notNull(),
    crmId: text('crm_id'),
    /** success, failed or pending. */
    syncStatus: text('sync_status', { enum: CRM_SYNC_STATUSES }).notNull().default('pending'),
    /** The provider's words for the last failure; null after a success. */
    error: text('error'),
    syncedHash: text('synced_hash'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_integrations_entity_key').on(t.entityType, t.entityId, t.crmType),
    index('crm_integrations_status_idx').on(t.crmType, t.syncStatus),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COMMISSION_STATUSES } from '../../../shared/statuses';
import { keptForTheBooks } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';
import { byStaff, ofStaff } from './staff-columns';
import { payments } from './billing';

// Staff members and what the sales team earns (docs/commissions.md).

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
    passwordChangedAt: timestamptz('password_changed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamptz('last_login_at'),
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

/** The columns that say who a staff member is, as a session and a CRM export both read them. */
export const staffIdentity = {
  id: staffUsers.id,
  email: staffUsers.email,
  firstName: staffUsers.firstName,
  lastName: staffUsers.lastName,
  phone: staffUsers.phone,
  role: staffUsers.role,
};

/**
 * What a sales user earns on each plan (docs/commissions.md), as a fraction (0.075 is 7.5 %).
 * A new rate for the same user and plan replaces the active one; the old one stays, inactive.
 */
export const salesCommissionRates = pgTable(
  'sales_commission_rates',
  {
    id: randomId(),
    salesUserId: ofStaff('sales_user_id').notNull(),
    planId: text('plan_id').notNull(),
    commissionRate: numeric('commission_rate', { precision: 6, scale: 5, mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: byStaff('created_by'),
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
    salesUserId: byStaff('sales_user_id'),
    salesUserName: text('sales_user_name').notNull(),
    customerId: keptForTheBooks(),
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
    paidAt: timestamptz('paid_at'),
    paidByStaffId: byStaff('paid_by_staff_id'),
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
 * Commissions counted and summed per sales user, month earned, status and month paid (UTC), kept by
 * statement triggers on `sales_commissions` (migration 0026, docs/commissions.md "Totals at size"): the
 * history's totals, a sales user's own card and the team figures read a few rows instead of every
 * commission. No foreign key: a deleted sales user's rows move to the null user with their commissions.
 */
export const salesCommissionTotals = pgTable(
  'sales_commission_totals',
  {
    salesUserId: uuid('sales_user_id'),
    month: date('month').notNull(),
    status: text('status', { enum: COMMISSION_STATUSES }).notNull(),
    paidMonth: date('paid_month'),
    commissions: integer('commissions').notNull().default(0),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('sales_commission_totals_key')
      .on(t.salesUserId, t.month, t.status, t.paidMonth)
      .nullsNotDistinct(),
  ],
);

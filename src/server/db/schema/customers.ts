import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CUSTOMER_STATUSES } from '../../../shared/statuses';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';
import { byStaff } from './staff-columns';
import type { BillingAddress } from './billing';

// Customer accounts and their portal settings.

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
    lastPasswordChange: timestamptz('last_password_change'),
    healthScore: integer('health_score').notNull().default(100),
    riskLevel: text('risk_level').notNull().default('low'),
    /** Why the score is what it is, one short sentence per signal that took points off. */
    healthReasons: jsonb('health_reasons').$type<string[]>().notNull().default([]),
    healthCheckedAt: timestamptz('health_checked_at'),
    /** The last sign-in of the owner or any team member of the account. */
    lastSignInAt: timestamptz('last_sign_in_at'),
    suspendedAt: timestamptz('suspended_at'),
    /**
     * The sales user credited with this account's payments (docs/commissions.md): chosen in the
     * customer dialogs, by default the sales user who created it.
     */
    salesUserId: byStaff('sales_user_id'),
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
    // The staff searches' `search_text like '%term%'` (customers, CRM, and the payments, invoices,
    // tickets and subscriptions found through their customer): trigrams, docs/architecture.md.
    index('customers_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const customerSettings = pgTable('customer_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  billingAddress: jsonb('billing_address').$type<BillingAddress | null>(),
  updatedAt: updatedAt(),
});

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Key/value facts about this database itself (for example that demo data was seeded once). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    address: text('address'),
    role: text('role').notNull().default('sales'),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    isPasswordSet: boolean('is_password_set').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_users_email_key').on(sql`lower(${t.email})`)],
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
  (t) => [index('plans_listing_idx').on(t.priceCents, t.id).where(sql`${t.deletedAt} is null`)],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    status: text('status').notNull().default('active'),
    subscriptionStatus: text('subscription_status').notNull().default('trialing'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    carLimit: integer('car_limit'),
    userLimit: integer('user_limit'),
    featureAccess: jsonb('feature_access').$type<Record<string, boolean>>(),
    isPasswordSet: boolean('is_password_set').notNull().default(true),
    lastPasswordChange: timestamp('last_password_change', { withTimezone: true }),
    healthScore: integer('health_score').notNull().default(100),
    riskLevel: text('risk_level').notNull().default('low'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(sql`lower(${t.email})`),
    index('customers_plan_idx').on(t.planId),
    index('customers_created_idx').on(t.createdAt),
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
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
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
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_resource_idx').on(t.resourceType, t.resourceId),
    index('audit_logs_actor_idx').on(t.actorId),
  ],
);

/** The activity feed staff see on the dashboard (spec 2 §3 activity item). */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt), index('activities_customer_idx').on(t.customerId)],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FLEET_CHANGE_CATEGORIES, FLEET_RESOURCES } from '../../../shared/audit-categories';
import { literalListText } from '../../lib/sql-values';
import { createdAt, updatedAt } from './columns';

// The audit trail and the head of its tamper-evident chain (docs/audit-logs.md).

/**
 * A successful customer sign-in (by password or by the fleet CRM's auto-login), and a change to a
 * customer's fleet, as literal SQL over `audit_logs`: the partial indexes below and the statements that
 * must use them share this text. A fleet change names its account: staff-side rows about a customer are
 * not fleet work. Migration 0037's trigger spells the same words (modules/fleet-center/kept-counts.test.ts
 * holds them together).
 */
export const CUSTOMER_SIGN_IN_ROW = `"audit_logs"."action" = 'login' and "audit_logs"."resource_type" = 'authentication' and "audit_logs"."actor_type" = 'customer' and "audit_logs"."success" = true`;
/** A successful sign-in of anyone, staff or customer (the new-browser check's memory, migration 0038). */
export const SIGN_IN_ROW = `"audit_logs"."action" = 'login' and "audit_logs"."resource_type" = 'authentication' and "audit_logs"."success" = true`;
export const FLEET_CHANGE_ROW = `"audit_logs"."account_id" is not null and "audit_logs"."resource_type" in ${literalListText(FLEET_RESOURCES)} and "audit_logs"."category" in ${literalListText(FLEET_CHANGE_CATEGORIES)} and "audit_logs"."success" = true`;

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
    /**
     * The Action filter's word (login, logout, create, update, delete, export, view):
     * shared/audit-categories.ts.
     */
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
    // The rows the Fleet Control Center counts (migration 0037): the edges of its windows, and the
    // newest fleet changes, read without walking past the rest of the day's audit trail.
    index('audit_logs_customer_sign_in_idx').on(t.createdAt).where(sql.raw(CUSTOMER_SIGN_IN_ROW)),
    // A person's earlier sign-ins by address: the new-browser check at every sign-in finds one from the
    // same address and browser, or any at all, without reading every sign-in of that person.
    index('audit_logs_sign_in_actor_idx').on(t.actorId, t.ipAddress).where(sql.raw(SIGN_IN_ROW)),
    index('audit_logs_fleet_change_idx').on(t.createdAt, t.id).where(sql.raw(FLEET_CHANGE_ROW)),
  ],
);

/**
 * Audited customer sign-ins (those through the fleet CRM apart) and fleet changes per hour of the
 * epoch (UTC), kept by triggers on `audit_logs` in the audited write's own transaction (migration
 * 0037): the Fleet Control Center's day and 30-day figures sum these rows instead of counting every
 * audit row of the window (51 ms at 43,000 rows a day). 16 shards of the writing transaction's id, so
 * sign-ins in the same hour rarely wait for one row; an hour's figure is the sum of its shards.
 */
export const auditHourCounts = pgTable(
  'audit_hour_counts',
  {
    hour: bigint('hour', { mode: 'number' }).notNull(),
    shard: smallint('shard').notNull(),
    customerSignIns: bigint('customer_sign_ins', { mode: 'number' }).notNull().default(0),
    fleetCrmSignIns: bigint('fleet_crm_sign_ins', { mode: 'number' }).notNull().default(0),
    fleetChanges: bigint('fleet_changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.shard] })],
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

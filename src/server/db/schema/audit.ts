import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// The audit trail and the head of its tamper-evident chain (docs/audit-logs.md).

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
  ],
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

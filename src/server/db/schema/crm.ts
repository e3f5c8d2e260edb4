import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CRM_SYNC_STATUSES } from '../../../shared/statuses';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';

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
    lastSyncAt: timestamptz('last_sync_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('crm_integrations_entity_key').on(t.entityType, t.entityId, t.crmType),
    index('crm_integrations_status_idx').on(t.crmType, t.syncStatus),
  ],
);

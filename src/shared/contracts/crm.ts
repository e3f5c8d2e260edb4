import { z } from 'zod';
import { CRM_SYNC_STATUSES, type CrmSyncStatus } from '../statuses';
import { pagedQuery, pageOf, searchField, sortField } from './common';
import { backgroundJob } from './background-jobs';

/*
 * CRM Integration (tab `crm`; docs/crm.md): the configuration, each customer's
 * and team user's sync status, one record's sync now, and bulk syncs as background jobs.
 */

/** hubspot (default) or salesforce. */
export const CRM_PLATFORMS = ['hubspot', 'salesforce'] as const;
export type CrmPlatform = (typeof CRM_PLATFORMS)[number];
export const CRM_PLATFORM_LABELS: Record<CrmPlatform, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
};

/** The sync interval in hours, 24 by default. */
export const SYNC_INTERVALS = [1, 6, 12, 24, 168] as const;
export type SyncInterval = (typeof SYNC_INTERVALS)[number];

const syncInterval = z.literal(SYNC_INTERVALS, { error: 'Choose 1, 6, 12, 24 or 168 hours' });

export const crmConfig = z.object({
  enabled: z.boolean(),
  crmType: z.enum(CRM_PLATFORMS, { error: 'Choose HubSpot or Salesforce' }),
  autoSync: z.boolean(),
  syncInterval,
});
export type CrmConfig = z.infer<typeof crmConfig>;

/** Disabled, HubSpot, auto-sync off, every 24 hours. */
export const DEFAULT_CRM_CONFIG: CrmConfig = {
  enabled: false,
  crmType: 'hubspot',
  autoSync: false,
  syncInterval: 24,
};

/** A partial body; only the fields sent change. */
export const crmConfigInput = crmConfig.partial().strict();
export type CrmConfigInput = z.infer<typeof crmConfigInput>;

export const CRM_SYNC_STATUS_LABELS: Record<CrmSyncStatus, string> = {
  success: 'Synced',
  failed: 'Failed',
  pending: 'Pending',
};
/** A record that has never been sent to the current CRM has no integration record. */
export const NEVER_SYNCED = 'never';
export const CRM_STATUS_FILTERS = [...CRM_SYNC_STATUSES, NEVER_SYNCED] as const;

export const CRM_ENTITY_TYPES = ['customer', 'user'] as const;
export type CrmEntityType = (typeof CRM_ENTITY_TYPES)[number];

/** A CRM integration record, plus the provider's words for its last failure. */
export const crmIntegration = z.object({
  id: z.string(),
  entityType: z.enum(CRM_ENTITY_TYPES),
  entityId: z.string(),
  crmType: z.string(),
  crmId: z.string().nullable(),
  syncStatus: z.string(),
  lastSyncAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type CrmIntegration = z.infer<typeof crmIntegration>;

export const crmIntegrationListQuery = pagedQuery({
  entityType: z.enum(CRM_ENTITY_TYPES).optional(),
  status: z.enum(CRM_SYNC_STATUSES).optional(),
});
export type CrmIntegrationListQuery = z.infer<typeof crmIntegrationListQuery>;
export const crmIntegrationPage = pageOf(crmIntegration);

/** The sync state of one of our records in the current CRM (null fields: never synced). */
const syncState = {
  syncStatus: z.string().nullable(),
  crmId: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  error: z.string().nullable(),
};

export const crmCustomerRow = z.object({
  id: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  ...syncState,
});
export type CrmCustomerRow = z.infer<typeof crmCustomerRow>;

export const crmUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  ...syncState,
});
export type CrmUserRow = z.infer<typeof crmUserRow>;

export const CRM_RECORD_SORTS = ['name', '-name', 'email', '-email', 'lastSyncAt', '-lastSyncAt'] as const;
export const crmRecordListQuery = pagedQuery({
  search: searchField,
  status: z.enum(CRM_STATUS_FILTERS).optional(),
  sort: sortField(CRM_RECORD_SORTS, 'name'),
});
export type CrmRecordListQuery = z.infer<typeof crmRecordListQuery>;
export const crmCustomerPage = pageOf(crmCustomerRow);
export const crmUserPage = pageOf(crmUserRow);

export const CRM_BULK_ENTITIES = ['customers', 'users'] as const;
export type CrmBulkEntity = (typeof CRM_BULK_ENTITIES)[number];
/** Background job kinds (docs/background-jobs.md): one running of each at a time. */
export const CRM_JOB_KINDS = { customers: 'crm:customers', users: 'crm:users', auto: 'crm:auto' } as const;

/**
 * The screen's head: the summary cards counted from the integration records of the CRM in
 * use, whether a sync can run now (and why not), and the newest job of each kind so a reopened screen
 * resumes its progress bar.
 */
export const crmStatus = z.object({
  config: crmConfig,
  /** Null when a sync can run; otherwise what to do first ("Add the HubSpot API key in ..."). */
  blocked: z.string().nullable(),
  summary: z.object({
    crmType: z.enum(CRM_PLATFORMS),
    totalSyncs: z.number(),
    successful: z.number(),
    failed: z.number(),
    pending: z.number(),
  }),
  jobs: z.object({
    customers: backgroundJob.nullable(),
    users: backgroundJob.nullable(),
    auto: backgroundJob.nullable(),
  }),
});
export type CrmStatus = z.infer<typeof crmStatus>;

export const crmRecordParams = z.object({ id: z.uuid({ error: 'Not found' }) });
export const crmJobParams = z.object({ id: z.string().max(64) });

// ---- Connection test ('Test Failed' with the reason) ----

/**
 * What each CRM signs in with, as the screen says it (the fields are in System Settings > API Keys).
 * The adapters read exactly these (`modules/crm/credentials.ts`).
 */
export const CRM_CREDENTIAL_NEEDS: Record<CrmPlatform, string> = {
  hubspot:
    'A private app access token (HubSpot: Settings > Integrations > Private Apps) with the CRM contacts and companies read/write scopes and the company schema read/write scopes, saved as the HubSpot API key.',
  salesforce:
    "The org's instance URL (My Domain) and either an access token, or a connected app's client ID and client secret with the client credentials flow enabled. Account and Contact need the external-id field Motorpool_Id__c.",
};

/** `POST /api/admin/crm/test-connection`: which CRM to test (default: the one configured). */
export const crmConnectionTestInput = z.object({ crmType: z.enum(CRM_PLATFORMS).optional() }).strict();

/** The outcome: `ok` false is the screen's 'Test Failed', with the reason (never a key; docs/crm.md). */
export const crmConnectionTest = z.object({
  crmType: z.enum(CRM_PLATFORMS),
  ok: z.boolean(),
  message: z.string(),
  testedAt: z.string(),
});
export type CrmConnectionTest = z.infer<typeof crmConnectionTest>;

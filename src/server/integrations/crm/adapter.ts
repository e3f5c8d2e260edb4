/*
 * The CRM adapters' one interface (docs/crm.md): HubSpot through @hubspot/api-client, Salesforce through
 * jsforce. The CRM module never speaks a provider's API itself; it hands records here in batches and
 * stores each outcome on the record's integration row (crm_integrations).
 */

export const CRM_TYPES = ['hubspot', 'salesforce'] as const;
export type CrmType = (typeof CRM_TYPES)[number];

/** A customer account as sent to a CRM: a company (Account) and its owner as a contact. */
export type CrmCustomer = {
  /** Our customers.id: the external id the record is upserted on. */
  id: string;
  /** The CRM's id from the last sync (crm_integrations.crm_id), null the first time. */
  crmId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string | null;
  planId: string | null;
  status: string;
  country: string;
  createdAt: Date;
};

/** A team user (staff) as sent to a CRM: a contact. */
export type CrmUser = {
  /** Our staff_users.id. */
  id: string;
  crmId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: string;
};

/** What became of one record: the CRM's id, or the provider's own message. */
export type CrmOutcome = { id: string; ok: true; crmId: string } | { id: string; ok: false; message: string };

export interface CrmAdapter {
  readonly type: CrmType;
  /**
   * Upserts the records (in batches of at most the provider's limit) and answers one outcome per record,
   * in any order. A record the provider refused is an `ok: false` outcome with the provider's message;
   * 429 and 5xx are retried with backoff honouring the provider's retry headers before that. Throws
   * `CrmUnavailable` when nothing can be sent at all (bad credentials, unreachable after the retries).
   */
  upsertCustomers(records: CrmCustomer[]): Promise<CrmOutcome[]>;
  upsertUsers(records: CrmUser[]): Promise<CrmOutcome[]>;
  /**
   * Signs in with the credentials and reads (never writes) what a sync needs, so an admin learns that
   * the credentials work before any record is sent. Answers a sentence for the screen; throws
   * `CrmUnavailable` with the reason (never quoting a key) when the CRM refuses or cannot be reached.
   */
  testConnection(): Promise<string>;
}

/** The whole call failed (credentials refused, provider unreachable): its message is for the screen. */
export class CrmUnavailable extends Error {}

/** Credentials from the API settings (sealed there), read for each sync. */
export type CrmCredentials =
  | { type: 'hubspot'; accessToken: string }
  | {
      type: 'salesforce';
      instanceUrl: string | null;
      accessToken: string | null;
      clientId: string | null;
      clientSecret: string | null;
    };

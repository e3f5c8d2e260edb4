import type { FastifyBaseLogger } from 'fastify';
import { CrmUnavailable, type CrmAdapter, type CrmCustomer, type CrmOutcome, type CrmUser } from './adapter';
import type { Sleep } from './retry';

export type SalesforceOptions = {
  instanceUrl: string;
  auth: { accessToken: string } | { clientId: string; clientSecret: string };
  log?: FastifyBaseLogger;
  sleep?: Sleep;
};

/** Placeholder until the jsforce adapter lands (next commit on this branch). */
export class SalesforceCrmAdapter implements CrmAdapter {
  readonly type = 'salesforce' as const;
  constructor(readonly options: SalesforceOptions) {}
  upsertCustomers(_records: CrmCustomer[]): Promise<CrmOutcome[]> {
    return Promise.reject(new CrmUnavailable('Salesforce sync is not available yet.'));
  }
  upsertUsers(_records: CrmUser[]): Promise<CrmOutcome[]> {
    return Promise.reject(new CrmUnavailable('Salesforce sync is not available yet.'));
  }
}

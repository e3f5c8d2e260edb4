import type { FastifyBaseLogger } from 'fastify';
import { CrmUnavailable, type CrmAdapter, type CrmCredentials } from './adapter';
import { HubspotCrmAdapter } from './hubspot';
import type { Sleep } from './retry';
import { SalesforceCrmAdapter } from './salesforce';

export type CrmAdapterOptions = {
  /** HUBSPOT_API_URL: a local HubSpot-speaking server instead of api.hubapi.com (tests). */
  hubspotApiUrl?: string;
  /** SALESFORCE_INSTANCE_URL: a local Salesforce-speaking server; wins over the stored instance URL. */
  salesforceInstanceUrl?: string;
  log?: FastifyBaseLogger;
  /** How retries wait; tests pass one that records the wait and returns at once. */
  sleep?: (ms: number) => Promise<void>;
};

/**
 * The adapter for the configured CRM, built for one sync from the credentials read then. Missing
 * credentials are a CrmUnavailable whose message names the API settings to fill in.
 */
export function createCrmAdapter(credentials: CrmCredentials, options: CrmAdapterOptions = {}): CrmAdapter {
  const common = { log: options.log, sleep: options.sleep as Sleep | undefined };
  if (credentials.type === 'hubspot') {
    if (!credentials.accessToken) {
      throw new CrmUnavailable('HubSpot is not configured: set the HubSpot key in API settings.');
    }
    return new HubspotCrmAdapter({
      accessToken: credentials.accessToken,
      apiUrl: options.hubspotApiUrl,
      ...common,
    });
  }
  const instanceUrl = options.salesforceInstanceUrl || credentials.instanceUrl;
  if (!instanceUrl) {
    throw new CrmUnavailable(
      'Salesforce is not configured: set the Salesforce instance URL in API settings.',
    );
  }
  if (credentials.accessToken) {
    return new SalesforceCrmAdapter({
      instanceUrl,
      auth: { accessToken: credentials.accessToken },
      ...common,
    });
  }
  if (credentials.clientId && credentials.clientSecret) {
    return new SalesforceCrmAdapter({
      instanceUrl,
      auth: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
      ...common,
    });
  }
  throw new CrmUnavailable(
    'Salesforce is not configured: set an access token, or a connected app client id and secret, in API settings.',
  );
}

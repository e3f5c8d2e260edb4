import type { Services } from '../../services';
import type { CrmDeps } from './sync';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The CRM services' dependencies, for the routes and the auto-sync job alike. */
export function crmDepsOf({ db, config, keyring, backgroundJobs, log }: Services): CrmDeps {
  return {
    db,
    keyring,
    jobs: backgroundJobs,
    log,
    // The CRM clients (jsforce, @hubspot/api-client) load on the first sync, not at start: together
    // they were about a fifth of the server's module loading (docs/performance.md, cold start).
    adapterFor: async (credentials) => {
      const { createCrmAdapter } = await import('../../integrations/crm/create-adapter');
      return createCrmAdapter(credentials, {
        hubspotApiUrl: config.hubspotApiUrl,
        salesforceInstanceUrl: config.salesforceInstanceUrl,
        log,
        sleep,
      });
    },
  };
}

import { createCrmAdapter } from '../../integrations/crm/create-adapter';
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
    adapterFor: (credentials) =>
      createCrmAdapter(credentials, {
        hubspotApiUrl: config.hubspotApiUrl,
        salesforceInstanceUrl: config.salesforceInstanceUrl,
        log,
        sleep,
      }),
  };
}

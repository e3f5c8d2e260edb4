import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createCrmAdapter } from '../../integrations/crm/create-adapter';
import { settingsKeyring } from '../system-settings';
import type { CrmDeps } from './sync';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The CRM services' dependencies, for the routes and the auto-sync job alike. */
export function crmDepsOf(app: FastifyInstance, config: Config, database: Database): CrmDeps {
  return {
    db: database.db,
    keyring: settingsKeyring(config, database.driver === 'pglite'),
    jobs: app.backgroundJobs,
    log: app.log,
    adapterFor: (credentials) =>
      createCrmAdapter(credentials, {
        hubspotApiUrl: config.hubspotApiUrl,
        salesforceInstanceUrl: config.salesforceInstanceUrl,
        log: app.log,
        sleep,
      }),
  };
}

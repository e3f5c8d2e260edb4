import type { FastifyInstance } from 'fastify';
import { backgroundJob, jobStarted } from '../../../shared/contracts/background-jobs';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  externalDbJobParams,
  externalDbStatus,
  type ExternalDbImport,
} from '../../../shared/contracts/external-db';
import { externalDbJob, externalDbStatus as statusOf, startImport, type ExternalDbDeps } from './service';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';
import { routesFor } from '../../http/routes-for';

/** Reading the tab (and testing the connection) needs the tab; an import changes data: canEditSettings. */
const viewTab = access.staffTab('external-db');
const runImports = access.staffPermission('external-db', 'canEditSettings');

/** External Database (docs/external-db.md): the connection test and the two imports. */
export async function externalDbRoutes(app: FastifyInstance, services: Services) {
  const { database, config, keyring, backgroundJobs } = services;
  const route = routesFor(app, 'external-db');
  const deps: ExternalDbDeps = {
    db: database.db,
    keyring,
    config,
    jobs: backgroundJobs,
    log: app.log,
  };

  route.get('/api/admin/external-db/status', {
    access: viewTab,
    summary: "Connection test (the external system's GET /health) and the newest import of each kind",
    response: { 200: externalDbStatus },
    handler: async () => statusOf(deps),
  });

  const importRoute = (kind: ExternalDbImport) =>
    route.post(`/api/admin/external-db/sync/${kind}`, {
      access: runImports,
      summary: `Import ${kind} from the external database as a background job (202; poll the job)`,
      response: { 202: jobStarted, 409: errorResponse },
      handler: async (request, reply) => {
        reply.status(202);
        return startImport(deps, staffContext(request, services), kind);
      },
    });
  importRoute('customers');
  importRoute('users');

  route.get('/api/admin/external-db/jobs/:id', {
    access: viewTab,
    summary: "One import's progress and, once it ended, its result ({synced, errors}) or its failure",
    params: externalDbJobParams,
    response: { 200: backgroundJob, 404: errorResponse },
    handler: async (request) => externalDbJob(deps, request.params.id),
  });
}

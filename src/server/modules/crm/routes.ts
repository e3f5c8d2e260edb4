import type { FastifyInstance } from 'fastify';
import { backgroundJob, jobStarted } from '../../../shared/contracts/background-jobs';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  CRM_BULK_ENTITIES,
  CRM_JOB_KINDS,
  crmConfig,
  crmConfigInput,
  crmConnectionTest,
  crmConnectionTestInput,
  crmCustomerPage,
  crmCustomerRow,
  crmIntegrationListQuery,
  crmIntegrationPage,
  crmJobParams,
  crmRecordListQuery,
  crmRecordParams,
  crmStatus,
  crmUserPage,
  crmUserRow,
} from '../../../shared/contracts/crm';
import { keptUntilWritten } from '../../db/table-writes';
import { notFound } from '../../http/errors';
import { actorOf } from '../audit';
import { crmConfigOf, saveCrmConfig } from './config';
import { testCrmConnection } from './connection-test';
import { crmDepsOf } from './deps';
import {
  CRM_CUSTOMER_COUNT_TABLES,
  crmCustomerRowOf,
  crmStatusOf,
  crmUserRowOf,
  listCrmCustomers,
  listCrmUsers,
  listIntegrations,
} from './lists';
import { startBulkSync, syncOne } from './sync';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

const viewCrm = access.staffTab('crm');
const changeCrm = access.staffPermission('crm', 'canEditSettings');
const refused = { 404: errorResponse, 409: errorResponse, 422: errorResponse, 502: errorResponse };

/** CRM Integration (tab `crm`; docs/crm.md). */
export async function crmRoutes(app: FastifyInstance, services: Services) {
  const { backgroundJobs } = services;
  const route = routesFor(app, 'crm');
  const deps = crmDepsOf(services);
  const { db } = deps;
  const keptCustomerCounts = keptUntilWritten<number>(db, CRM_CUSTOMER_COUNT_TABLES);

  route.get('/api/admin/crm/config', {
    access: viewCrm,
    summary: 'The CRM configuration',
    response: { 200: crmConfig },
    handler: async () => crmConfigOf(db),
  });

  route.put('/api/admin/crm/config', {
    access: changeCrm,
    summary: 'Change any of enabled, crmType, autoSync, syncInterval',
    body: crmConfigInput,
    response: { 200: crmConfig },
    handler: async (request) => saveCrmConfig(db, actorOf(request), request.body),
  });

  route.post('/api/admin/crm/test-connection', {
    access: changeCrm,
    summary:
      "Sign in to the CRM with the saved credentials and read what a sync needs ('Test Failed' with the reason)",
    body: crmConnectionTestInput,
    response: { 200: crmConnectionTest },
    handler: async (request) => testCrmConnection(deps, actorOf(request), request.body.crmType),
  });

  route.get('/api/admin/crm/status', {
    access: viewCrm,
    summary: 'Summary cards, whether a sync can run now, and the newest job of each kind',
    response: { 200: crmStatus },
    handler: async () => crmStatusOf(deps),
  });

  route.get('/api/admin/crm/integrations', {
    access: viewCrm,
    summary: 'CRM integration records, newest change first',
    querystring: crmIntegrationListQuery,
    response: { 200: crmIntegrationPage },
    handler: async (request) => listIntegrations(db, request.query),
  });

  route.get('/api/admin/crm/customers', {
    access: viewCrm,
    summary: 'Customers with their sync status in the CRM in use',
    querystring: crmRecordListQuery,
    response: { 200: crmCustomerPage },
    handler: async (request) => listCrmCustomers(db, request.query, { keptCounts: keptCustomerCounts }),
  });

  route.get('/api/admin/crm/users', {
    access: viewCrm,
    summary: 'Team users with their sync status in the CRM in use',
    querystring: crmRecordListQuery,
    response: { 200: crmUserPage },
    handler: async (request) => listCrmUsers(db, request.query),
  });

  route.post('/api/admin/crm/sync/customer/:id', {
    access: changeCrm,
    summary: 'Sync one customer now; answers its row',
    params: crmRecordParams,
    response: { 200: crmCustomerRow, ...refused },
    handler: async (request) => {
      await syncOne(deps, actorOf(request), 'customer', request.params.id);
      return crmCustomerRowOf(db, request.params.id);
    },
  });

  route.post('/api/admin/crm/sync/user/:id', {
    access: changeCrm,
    summary: 'Sync one team user now; answers its row',
    params: crmRecordParams,
    response: { 200: crmUserRow, ...refused },
    handler: async (request) => {
      await syncOne(deps, actorOf(request), 'user', request.params.id);
      return crmUserRowOf(db, request.params.id);
    },
  });

  for (const entity of CRM_BULK_ENTITIES) {
    route.post(`/api/admin/crm/sync/bulk/${entity}`, {
      access: changeCrm,
      summary: `Sync every ${entity === 'customers' ? 'customer' : 'team user'} as a background job`,
      response: { 202: jobStarted, 409: errorResponse },
      handler: async (request, reply) =>
        reply.status(202).send(await startBulkSync(deps, actorOf(request), entity)),
    });
  }

  route.get('/api/admin/crm/jobs/:id', {
    access: viewCrm,
    summary: "A CRM sync job's progress and result",
    params: crmJobParams,
    response: { 200: backgroundJob, 404: errorResponse },
    handler: async (request) => {
      const job = await backgroundJobs.get(request.params.id, Object.values(CRM_JOB_KINDS));
      if (!job) throw notFound('Job not found');
      return job;
    },
  });
}

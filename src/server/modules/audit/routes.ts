import type { FastifyInstance } from 'fastify';
import {
  auditExportQuery,
  auditListQuery,
  auditLogPage,
  auditVerifyResult,
} from '../../../shared/contracts/audit';
import { access } from '../../../shared/contracts/common';
import { verifyChain } from './chain';
import { auditCsvStarted } from './export';
import { keptAuditCounts, listAuditLogs } from './list';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';
import { sendCsvExport } from '../../http/csv-export';

/** The Security & Audit tab is the admin's (docs/product-rules.md): the same rule as its menu entry. */
const viewAudit = access.staffTab('audit');

/** Audit Logs (docs/audit-logs.md): the list, its export and the chain's verification. */
export async function auditRoutes(app: FastifyInstance, { db, clock }: Services) {
  const route = routesFor(app, 'audit');
  const counts = keptAuditCounts(db);

  route.get('/api/admin/audit-logs', {
    access: viewAudit,
    summary: 'Audit log: searched, filtered, sorted and paged on the server (total counted up to 10,000)',
    querystring: auditListQuery,
    response: { 200: auditLogPage },
    handler: async (request) => listAuditLogs(db, request.query, counts),
  });

  route.get('/api/admin/audit-logs/export', {
    access: viewAudit,
    summary: 'Every audit row the filters match, as CSV (streamed in batches); the export is audited',
    querystring: auditExportQuery,
    handler: async (request, reply) => {
      // The first batch is read before the headers go: an early database error is a JSON error answer.
      const csv = await auditCsvStarted(db, request.query);
      return sendCsvExport(request, reply, {
        db,
        clock,
        resourceType: 'audit_log',
        name: 'audit-log',
        filters: request.query,
        csv,
      });
    },
  });

  route.get('/api/admin/audit/verify', {
    access: viewAudit,
    summary: 'Recompute the audit hash chain and name the first row altered or removed',
    response: { 200: auditVerifyResult },
    handler: async () => verifyChain(db, clock.now()),
  });
}

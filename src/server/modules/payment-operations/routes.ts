import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  disputeListQuery,
  disputePage,
  expenseInput,
  expenseListQuery,
  expensePage,
  expenseDeleted,
  expenseSaved,
  hostingUsage,
  paymentAnalytics,
  paymentAnalyticsQuery,
  reconciliationPage,
  reconciliationQuery,
} from '../../../shared/contracts/payment-operations';
import { uuidParams } from '../../../shared/contracts/portal';
import {
  listDisputes,
  addExpense,
  deleteExpense,
  listExpenses,
  updateExpense,
  hostingUsageReport,
  paymentAnalyticsReader,
  reconciliationReader,
} from '../billing';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';
import { routesFor } from '../../http/routes-for';

// Every payment change but refunds needs only canViewPayments: there is no edit-payments flag.
const viewPayments = access.staffPermission('payments', 'canViewPayments');

/**
 * The operations sub-tabs of Billing & Payments: expenses and hosting usage, disputes, refund and
 * failure rates, reconciliation (docs/payment-operations.md).
 */
export async function paymentOperationsRoutes(app: FastifyInstance, services: Services) {
  const { billing } = services;
  const staff = (request: FastifyRequest) => staffContext(request, services);
  const { db, clock } = billing;
  const route = routesFor(app, 'payment-operations');
  const analytics = paymentAnalyticsReader(db, clock);
  const reconciliation = reconciliationReader(db, clock);

  for (const url of ['/api/admin/expenses', '/api/admin/replit-expenses']) {
    route.get(url, {
      access: viewPayments,
      summary:
        url === '/api/admin/expenses'
          ? 'The expenses ledger, newest first, paged'
          : 'Alias of /api/admin/expenses (the original API’s path)',
      querystring: expenseListQuery,
      response: { 200: expensePage },
      handler: async (request) => listExpenses(db, request.query),
    });
  }

  route.post('/api/admin/expenses', {
    access: viewPayments,
    summary: 'Add an expense to the ledger (audited)',
    body: expenseInput,
    response: { 201: expenseSaved, 400: errorResponse },
    handler: async (request, reply) => {
      const saved = await addExpense(staff(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Expense added', expense: saved });
    },
  });

  // Corrections: authorised like adding, every field replaced by the same rules, audited before/after.
  route.put('/api/admin/expenses/:id', {
    access: viewPayments,
    summary: 'Correct an expense (audited with the entry before and after)',
    params: uuidParams,
    body: expenseInput,
    response: { 200: expenseSaved, 400: errorResponse },
    handler: async (request) => {
      const saved = await updateExpense(staff(request), request.params.id, request.body);
      return { success: true as const, message: 'Expense updated', expense: saved };
    },
  });

  route.delete('/api/admin/expenses/:id', {
    access: viewPayments,
    summary: 'Delete an expense (audited with the entry it was)',
    params: uuidParams,
    response: { 200: expenseDeleted },
    handler: async (request) => {
      await deleteExpense(staff(request), request.params.id);
      return { success: true as const, message: 'Expense deleted' };
    },
  });

  for (const url of ['/api/admin/hosting-usage', '/api/admin/replit-usage']) {
    route.get(url, {
      access: viewPayments,
      summary:
        url === '/api/admin/hosting-usage'
          ? 'Hosting usage measured by the server: CPU time, bytes served, database size'
          : 'Alias of /api/admin/hosting-usage (the original API’s path)',
      response: { 200: hostingUsage },
      handler: async () => {
        // This instance's counts since its last flush are written first, so the figures are current;
        // a failed write leaves them for the next flush and the answer shows what is stored.
        await app.usageMeter
          .flush()
          .catch((error: unknown) => app.log.warn({ err: error }, 'usage flush failed'));
        return hostingUsageReport(db, clock);
      },
    });
  }

  route.get('/api/admin/disputes', {
    access: viewPayments,
    summary: 'Card disputes reported by Stripe, newest first, paged',
    querystring: disputeListQuery,
    response: { 200: disputePage },
    handler: async (request) =>
      listDisputes(db, request.query, billing.provider.name === 'stripe' ? 'stripe' : 'sandbox'),
  });

  route.get('/api/admin/payment-analytics', {
    access: viewPayments,
    summary: 'Refund rate and failure rate by month',
    querystring: paymentAnalyticsQuery,
    response: { 200: paymentAnalytics },
    handler: async (request) => analytics(request.query),
  });

  route.get('/api/admin/reconciliation', {
    access: viewPayments,
    summary: 'Invoices of a month whose payments differ from their total by more than the tolerance',
    querystring: reconciliationQuery,
    response: { 200: reconciliationPage },
    handler: async (request) => reconciliation(request.query),
  });
}

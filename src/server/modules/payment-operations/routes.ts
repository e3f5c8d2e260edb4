import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const analytics = paymentAnalyticsReader(db, clock);
  const reconciliation = reconciliationReader(db, clock);

  for (const url of ['/api/admin/expenses', '/api/admin/replit-expenses']) {
    r.get(url, {
      config: { access: viewPayments },
      schema: {
        summary:
          url === '/api/admin/expenses'
            ? 'The expenses ledger, newest first, paged'
            : 'Alias of /api/admin/expenses (the original API’s path)',
        tags: ['payment-operations'],
        querystring: expenseListQuery,
        response: { 200: expensePage },
      },
      handler: async (request) => listExpenses(db, request.query),
    });
  }

  r.post('/api/admin/expenses', {
    config: { access: viewPayments },
    schema: {
      summary: 'Add an expense to the ledger (audited)',
      tags: ['payment-operations'],
      body: expenseInput,
      response: { 201: expenseSaved, 400: errorResponse },
    },
    handler: async (request, reply) => {
      const saved = await addExpense(staff(request), request.body);
      return reply.status(201).send({ success: true as const, message: 'Expense added', expense: saved });
    },
  });

  // Corrections: authorised like adding, every field replaced by the same rules, audited before/after.
  r.put('/api/admin/expenses/:id', {
    config: { access: viewPayments },
    schema: {
      summary: 'Correct an expense (audited with the entry before and after)',
      tags: ['payment-operations'],
      params: uuidParams,
      body: expenseInput,
      response: { 200: expenseSaved, 400: errorResponse },
    },
    handler: async (request) => {
      const saved = await updateExpense(staff(request), request.params.id, request.body);
      return { success: true as const, message: 'Expense updated', expense: saved };
    },
  });

  r.delete('/api/admin/expenses/:id', {
    config: { access: viewPayments },
    schema: {
      summary: 'Delete an expense (audited with the entry it was)',
      tags: ['payment-operations'],
      params: uuidParams,
      response: { 200: expenseDeleted },
    },
    handler: async (request) => {
      await deleteExpense(staff(request), request.params.id);
      return { success: true as const, message: 'Expense deleted' };
    },
  });

  for (const url of ['/api/admin/hosting-usage', '/api/admin/replit-usage']) {
    r.get(url, {
      config: { access: viewPayments },
      schema: {
        summary:
          url === '/api/admin/hosting-usage'
            ? 'Hosting usage measured by the server: CPU time, bytes served, database size'
            : 'Alias of /api/admin/hosting-usage (the original API’s path)',
        tags: ['payment-operations'],
        response: { 200: hostingUsage },
      },
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

  r.get('/api/admin/disputes', {
    config: { access: viewPayments },
    schema: {
      summary: 'Card disputes reported by Stripe, newest first, paged',
      tags: ['payment-operations'],
      querystring: disputeListQuery,
      response: { 200: disputePage },
    },
    handler: async (request) =>
      listDisputes(db, request.query, billing.provider.name === 'stripe' ? 'stripe' : 'sandbox'),
  });

  r.get('/api/admin/payment-analytics', {
    config: { access: viewPayments },
    schema: {
      summary: 'Refund rate and failure rate by month',
      tags: ['payment-operations'],
      querystring: paymentAnalyticsQuery,
      response: { 200: paymentAnalytics },
    },
    handler: async (request) => analytics(request.query),
  });

  r.get('/api/admin/reconciliation', {
    config: { access: viewPayments },
    schema: {
      summary: 'Invoices of a month whose payments differ from their total by more than the tolerance',
      tags: ['payment-operations'],
      querystring: reconciliationQuery,
      response: { 200: reconciliationPage },
    },
    handler: async (request) => reconciliation(request.query),
  });
}

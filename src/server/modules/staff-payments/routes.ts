import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  financialAnalytics,
  paymentExportQuery,
  paymentListQuery,
  paymentPage,
  paymentProviderInfo,
  refundInput,
  refundResult,
  retryResult,
} from '../../../shared/contracts/staff-payments';
import { actorOf } from '../audit';
import {
  financialAnalyticsSource,
  paymentsCsv,
  keptPaymentReads,
  listPayments,
  refundPayment,
  retryPayment,
} from '../billing';
import { sendingNow, skippedEmail } from '../email';
import { deliverySentence } from '../../../shared/contracts/email-delivery';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';
import { sendCsvExport } from '../../http/csv-export';

/** Payment ids are UUIDs; anything else is refused before it reaches the database. */
const paymentParams = z.object({ id: z.string().uuid('Payment not found') });

const viewPayments = access.staffPermission('payments', 'canViewPayments');
/** There is no flag to edit payments: a retry is work anyone who views payments may do. */
const changePayments = viewPayments;
const processRefunds = access.staffPermission('payments', 'canProcessRefunds');

/** Staff payments (docs/staff-payments.md): the list, its export, refunds, retries and the figures. */
export async function staffPaymentRoutes(app: FastifyInstance, { billing, config }: Services) {
  const route = routesFor(app, 'staff-payments');
  const { db, clock } = billing;
  const kept = keptPaymentReads(db);
  const analytics = financialAnalyticsSource(db);

  route.get('/api/admin/payments', {
    access: viewPayments,
    summary: 'Payments: filtered by status, searched, sorted and paged on the server',
    querystring: paymentListQuery,
    response: { 200: paymentPage },
    handler: async (request) => listPayments(db, request.query, kept),
  });

  route.get('/api/admin/payments/export', {
    access: viewPayments,
    summary: 'Every payment the filters match, as CSV (streamed in batches)',
    querystring: paymentExportQuery,
    handler: async (request, reply) =>
      sendCsvExport(request, reply, {
        db,
        clock,
        resourceType: 'payment',
        name: 'transactions',
        filters: request.query,
        csv: paymentsCsv(db, request.query),
      }),
  });

  route.post('/api/admin/payments/:id/refund', {
    access: processRefunds,
    summary: 'Refund part or all of a completed payment through the payment provider, exactly once',
    params: paymentParams,
    body: refundInput,
    response: {
      200: refundResult,
      400: errorResponse,
      402: errorResponse,
      404: errorResponse,
      502: errorResponse,
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Refund processed',
      payment: await refundPayment(billing, actorOf(request), request.params.id, request.body),
    }),
  });

  route.post('/api/admin/payments/:id/retry', {
    access: changePayments,
    summary: 'Retry a failed payment: charge the card on file now, or issue a new payment link',
    params: paymentParams,
    response: { 200: retryResult, 402: errorResponse, 404: errorResponse, 409: errorResponse },
    handler: async (request) => {
      const { value, email } = await sendingNow(app.services.emailDelivery, ['payment_link'], () =>
        retryPayment(billing, actorOf(request), request.params.id),
      );
      if (value.outcome !== 'link') return value;
      const delivery = email ?? skippedEmail(value.sentTo ?? '');
      return { ...value, message: deliverySentence('A new payment link', delivery), delivery };
    },
  });

  route.get('/api/admin/financial-analytics', {
    access: viewPayments,
    summary: 'Total revenue net of refunds, payment success rate and average transaction value',
    response: { 200: financialAnalytics },
    handler: async () => analytics(),
  });

  route.get('/api/admin/payment-provider', {
    access: viewPayments,
    summary: 'Which payment provider is active and whether its webhooks are configured (no keys)',
    response: { 200: paymentProviderInfo },
    handler: async () => {
      const stripe = billing.provider.name === 'stripe' ? config.stripe : null;
      return {
        provider: billing.provider.name,
        webhooksConfigured: Boolean(stripe?.webhookSecret),
        webhookPath: stripe ? '/api/webhooks/stripe' : null,
        mode: stripe
          ? stripe.secretKey.startsWith('sk_live_')
            ? ('live' as const)
            : ('test' as const)
          : null,
      };
    },
  });
}

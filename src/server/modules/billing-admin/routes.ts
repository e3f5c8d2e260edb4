import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingSettings,
  billingSettingsSaved,
  generateMonthlyResult,
  invoiceListQuery,
  invoicePage,
  paymentRequestInput,
  paymentRequestListQuery,
  paymentRequestPage,
  paymentRequestSent,
  type PaymentRequestSent,
  subscriptionListQuery,
  subscriptionPage,
  subscriptionRequestInput,
  trialActionPage,
  trialActionQuery,
} from '../../../shared/contracts/billing-admin';
import { access, errorResponse } from '../../../shared/contracts/common';
import { deliverySentence } from '../../../shared/contracts/email-delivery';
import { sendingNow, skippedEmail } from '../email';
import { invoiceSellerOf } from '../system-settings';
import {
  renderInvoicePdf,
  invoiceById,
  listInvoices,
  generateMonthlyInvoices,
  createSubscriptionRequest,
  listPaymentRequests,
  sendPaymentRequest,
  readBillingSettings,
  saveBillingSettings,
  listSubscriptions,
  listTrialActions,
} from '../billing';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';

/**
 * Every route here needs canViewPayments: there is no flag for changing payments, so generating
 * invoices, sending requests and the payment terms ride on it too (docs/billing-admin.md).
 */
const payments = access.staffPermission('payments', 'canViewPayments');
const tags = ['billing-admin'];

/** Billing Management and Invoicing of the Billing & Payments tab (docs/billing-admin.md). */
export async function billingAdminRoutes(app: FastifyInstance, services: Services) {
  const { db, clock, config, emailDelivery } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => staffContext(request, services);

  /** A request's answer with what became of its email, delivered now (docs/email.md "Sent means sent"). */
  const linkSent = async (work: () => Promise<Omit<PaymentRequestSent, 'delivery'>>) => {
    const { value, email } = await sendingNow(
      emailDelivery,
      ['payment_request', 'subscription_request'],
      work,
    );
    const delivery = email ?? skippedEmail(value.sentTo.email);
    return {
      ...value,
      message: `${value.message}: ${deliverySentence('the payment link', delivery)}`,
      delivery,
    };
  };

  r.get('/api/admin/subscriptions', {
    config: { access: payments },
    schema: {
      summary: 'Customers and their subscriptions: searched, filtered by status, sorted and paged',
      tags,
      querystring: subscriptionListQuery,
      response: { 200: subscriptionPage },
    },
    handler: async (request) => listSubscriptions(db, request.query),
  });

  r.get('/api/admin/subscriptions/trial-action', {
    config: { access: payments },
    schema: {
      summary:
        'Trials requiring action: trials ending within 7 days and checkouts left pending, with the reason',
      tags,
      querystring: trialActionQuery,
      response: { 200: trialActionPage },
    },
    handler: async (request) => listTrialActions(db, clock.now(), request.query),
  });

  r.post('/api/admin/invoices/generate-monthly', {
    config: { access: payments },
    schema: {
      summary: "Issue each paying subscription's invoice for its period, once (idempotent)",
      tags,
      response: { 200: generateMonthlyResult },
    },
    handler: async (request) => generateMonthlyInvoices(ctx(request)),
  });

  r.post('/api/admin/create-subscription-request', {
    config: { access: payments },
    schema: {
      summary: 'Ask a customer to pay their subscription (amount by plan, due in 7 days); answers the link',
      tags,
      body: subscriptionRequestInput,
      response: { 201: paymentRequestSent, 404: errorResponse, 409: errorResponse },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await linkSent(() => createSubscriptionRequest(ctx(request), request.body.customerId))),
  });

  r.post('/api/admin/send-payment-request', {
    config: { access: payments },
    schema: {
      summary: 'Send a customer a payment request payable at checkout; answers the link',
      tags,
      body: paymentRequestInput,
      response: { 201: paymentRequestSent, 400: errorResponse, 404: errorResponse },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await linkSent(() => sendPaymentRequest(ctx(request), request.body))),
  });

  r.get('/api/admin/payment-requests', {
    config: { access: payments },
    schema: {
      summary: 'Payment requests with their state (open, paid, expired), newest first, paged',
      tags,
      querystring: paymentRequestListQuery,
      response: { 200: paymentRequestPage },
    },
    handler: async (request) => listPaymentRequests({ db, clock }, request.query),
  });

  r.get('/api/admin/invoices', {
    config: { access: payments },
    schema: {
      summary: 'Invoices: searched by number, company or email, filtered by status, sorted and paged',
      tags,
      querystring: invoiceListQuery,
      response: { 200: invoicePage },
    },
    handler: async (request) => listInvoices(db, request.query),
  });

  r.get('/api/admin/invoices/:id/pdf', {
    config: { access: payments },
    schema: { summary: "Any customer's invoice as a PDF", tags, params: z.object({ id: z.string() }) },
    handler: async (request, reply) => {
      const invoice = await invoiceById(db, request.params.id);
      const pdf = await renderInvoicePdf(invoice, await invoiceSellerOf(db, config.appName));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  r.get('/api/admin/billing-settings', {
    config: { access: payments },
    schema: {
      summary: 'The payment terms invoices and payment requests follow',
      tags,
      response: { 200: billingSettings },
    },
    handler: async () => readBillingSettings({ db }),
  });

  r.put('/api/admin/billing-settings', {
    config: { access: payments },
    schema: {
      summary: 'Change the payment terms (audited)',
      tags,
      body: billingSettings,
      response: { 200: billingSettingsSaved },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Payment terms saved',
      ...(await saveBillingSettings(ctx(request), request.body)),
    }),
  });
}

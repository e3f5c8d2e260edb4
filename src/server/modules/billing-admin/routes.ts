import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import {
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
import { routesFor } from '../../http/routes-for';
import { sendInvoicePdf } from '../../http/invoice-pdf';

/**
 * Every route here needs canViewPayments: there is no flag for changing payments, so generating
 * invoices, sending requests and the payment terms ride on it too (docs/billing-admin.md).
 */
const payments = access.staffPermission('payments', 'canViewPayments');

/** Billing Management and Invoicing of the Billing & Payments tab (docs/billing-admin.md). */
export async function billingAdminRoutes(app: FastifyInstance, services: Services) {
  const { db, clock, config, emailDelivery } = services;
  const route = routesFor(app, 'billing-admin');
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

  route.get('/api/admin/subscriptions', {
    access: payments,
    summary: 'Customers and their subscriptions: searched, filtered by status, sorted and paged',
    querystring: subscriptionListQuery,
    response: { 200: subscriptionPage },
    handler: async (request) => listSubscriptions(db, request.query),
  });

  route.get('/api/admin/subscriptions/trial-action', {
    access: payments,
    summary:
      'Trials requiring action: trials ending within 7 days and checkouts left pending, with the reason',
    querystring: trialActionQuery,
    response: { 200: trialActionPage },
    handler: async (request) => listTrialActions(db, clock.now(), request.query),
  });

  route.post('/api/admin/invoices/generate-monthly', {
    access: payments,
    summary: "Issue each paying subscription's invoice for its period, once (idempotent)",
    response: { 200: generateMonthlyResult },
    handler: async (request) => generateMonthlyInvoices(ctx(request)),
  });

  route.post('/api/admin/create-subscription-request', {
    access: payments,
    summary: 'Ask a customer to pay their subscription (amount by plan, due in 7 days); answers the link',
    body: subscriptionRequestInput,
    response: { 201: paymentRequestSent, 404: errorResponse, 409: errorResponse },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await linkSent(() => createSubscriptionRequest(ctx(request), request.body.customerId))),
  });

  route.post('/api/admin/send-payment-request', {
    access: payments,
    summary: 'Send a customer a payment request payable at checkout; answers the link',
    body: paymentRequestInput,
    response: { 201: paymentRequestSent, 400: errorResponse, 404: errorResponse },
    handler: async (request, reply) =>
      reply.status(201).send(await linkSent(() => sendPaymentRequest(ctx(request), request.body))),
  });

  route.get('/api/admin/payment-requests', {
    access: payments,
    summary: 'Payment requests with their state (open, paid, expired), newest first, paged',
    querystring: paymentRequestListQuery,
    response: { 200: paymentRequestPage },
    handler: async (request) => listPaymentRequests({ db, clock }, request.query),
  });

  route.get('/api/admin/invoices', {
    access: payments,
    summary: 'Invoices: searched by number, company or email, filtered by status, sorted and paged',
    querystring: invoiceListQuery,
    response: { 200: invoicePage },
    handler: async (request) => listInvoices(db, request.query),
  });

  route.get('/api/admin/invoices/:id/pdf', {
    access: payments,
    summary: "Any customer's invoice as a PDF",
    params: z.object({ id: z.string() }),
    handler: async (request, reply) => {
      const invoice = await invoiceById(db, request.params.id);
      return sendInvoicePdf(reply, { db: db, appName: config.appName, invoice });
    },
  });

  route.get('/api/admin/billing-settings', {
    access: payments,
    summary: 'The payment terms invoices and payment requests follow',
    response: { 200: billingSettings },
    handler: async () => readBillingSettings({ db }),
  });

  route.put('/api/admin/billing-settings', {
    access: payments,
    summary: 'Change the payment terms (audited)',
    body: billingSettings,
    response: { 200: billingSettingsSaved },
    handler: async (request) => ({
      success: true as const,
      message: 'Payment terms saved',
      ...(await saveBillingSettings(ctx(request), request.body)),
    }),
  });
}

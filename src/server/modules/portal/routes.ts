import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, successResponse } from '../../../shared/contracts/common';
import {
  addPaymentMethodRequest,
  billingInfo as billingInfoSchema,
  cancelRequest,
  cancelResponse,
  changePasswordRequest,
  customerProfile as profileSchema,
  customerSettings as settingsSchema,
  deleteAccountRequest,
  emailParams,
  invoiceList,
  invoiceListQuery,
  paymentHistoryQuery,
  paymentHistoryResponse,
  planChangePreview,
  planChangeRequest,
  planChangeResponse,
  resumeRequest,
  resumeResponse,
  saveSettingsRequest,
  saveSettingsResponse,
  updateBillingAddressRequest,
  updateBillingEmailRequest,
  upgradePlanRequest,
  uuidParams,
} from '../../../shared/contracts/portal';
import { isoDay } from '../../../shared/days';
import { clearSessionCookie } from '../../auth/cookies';
import { CUSTOMER_COOKIE } from '../../auth/sessions';
import { HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import {
  addPaymentMethod,
  removePaymentMethod,
  setDefaultPaymentMethod,
  cancelSubscription,
  downgradePlan,
  previewPlanChange,
  resumeSubscription,
  upgradePlan,
  billingInfo,
  invoiceOf,
  invoicePage,
  invoicePdfUrl,
  latestInvoice,
  paymentHistory,
  updateBillingAddress,
  updateBillingEmail,
} from '../billing';
import { changeCustomerPassword, deleteCustomerAccount } from './account';
import { customerProfile, exportCustomerData, loadSettings, saveSettings } from './service';
import type { Services } from '../../services';
import { customerContext } from '../../http/request-context';
import { routesFor } from '../../http/routes-for';
import { sendInvoicePdf } from '../../http/invoice-pdf';

export const NOT_YOUR_ACCOUNT = 'You can only access your own account.';

/** Paths and bodies name the customer by email; it must be the signed-in customer (else 403). */
function assertOwnEmail(request: FastifyRequest, email: string | undefined): void {
  if (email !== undefined && email.trim().toLowerCase() !== request.customerUser.email.toLowerCase()) {
    throw new HttpError(403, NOT_YOUR_ACCOUNT);
  }
}

export async function portalRoutes(app: FastifyInstance, services: Services) {
  const { billing, config } = services;
  const route = routesFor(app, 'portal');
  const ctx = (request: FastifyRequest) => customerContext(request, services);
  /** The signed-in customer's context, once the email the call names is theirs. */
  const own = (request: FastifyRequest, email: string | undefined) => {
    assertOwnEmail(request, email);
    return ctx(request);
  };

  route.get('/api/customer/profile/:email', {
    access: access.customer,
    summary: "The customer's account, plan, usage and recent activity",
    params: emailParams,
    response: { 200: profileSchema },
    handler: async (request) => customerProfile(own(request, request.params.email)),
  });

  route.get('/api/customer/billing-info', {
    access: access.accountAdmin,
    summary: "The account's subscription, billing contact, address and cards",
    response: { 200: billingInfoSchema },
    handler: async (request) => billingInfo(ctx(request)),
  });

  route.get('/api/customer/settings/:email', {
    access: access.customer,
    summary: "The customer's portal settings",
    params: emailParams,
    response: { 200: z.object({ settings: settingsSchema }) },
    handler: async (request) => ({ settings: await loadSettings(own(request, request.params.email)) }),
  });

  route.put('/api/customer/settings/:email', {
    access: access.customer,
    summary: "Save the customer's portal settings",
    params: emailParams,
    body: saveSettingsRequest,
    response: { 200: saveSettingsResponse },
    handler: async (request) => {
      const { autoSaved: _auto, manualSave, ...settings } = request.body;
      const saved = await saveSettings(
        own(request, request.params.email),
        settings,
        manualSave ? 'manual' : 'auto',
      );
      return {
        success: true as const,
        message: 'Settings saved',
        crmSyncStatus: 'success' as const,
        settings: saved,
        savedAt: billing.clock.now().toISOString(),
      };
    },
  });

  route.post('/api/customer/upgrade-plan', {
    access: access.accountAdmin,
    summary: 'Move the account to a dearer plan at once, charging the prorated difference',
    body: upgradePlanRequest,
    response: { 200: planChangeResponse },
    handler: async (request) =>
      upgradePlan(own(request, request.body.email), request.body.planId, request.body.expectedAmount),
  });

  route.post('/api/customer/downgrade-plan', {
    access: access.accountAdmin,
    summary: 'Move the account to a cheaper plan at the end of the period',
    body: planChangeRequest,
    response: { 200: planChangeResponse },
    handler: async (request) => downgradePlan(own(request, request.body.email), request.body.planId),
  });

  route.post('/api/customer/cancel-subscription', {
    access: access.accountAdmin,
    summary: 'Cancel the subscription: access lasts to the end of the period',
    body: cancelRequest,
    response: { 200: cancelResponse },
    handler: async (request) => cancelSubscription(own(request, request.body.email)),
  });

  // Issue 9: a plan change says its numbers first, and a cancellation can be taken back.
  // Changes nothing (no audit row); a POST like the change it previews, with the same body.
  route.post('/api/customer/preview-plan-change', {
    access: access.accountAdmin,
    summary: 'What an upgrade or downgrade would charge and when, before it is made',
    body: planChangeRequest,
    response: { 200: planChangePreview },
    handler: async (request) => previewPlanChange(own(request, request.body.email), request.body.planId),
  });

  route.post('/api/customer/resume-subscription', {
    access: access.accountAdmin,
    summary: 'Undo a cancellation before the period ends',
    body: resumeRequest,
    response: { 200: resumeResponse },
    handler: async (request) => resumeSubscription(own(request, request.body.email)),
  });

  route.get('/api/customer/latest-invoice/:email', {
    access: access.accountAdmin,
    summary: "Where to download the account's latest invoice",
    params: emailParams,
    response: {
      200: z.object({ success: z.literal(true), downloadUrl: z.string(), invoiceNumber: z.string() }),
    },
    handler: async (request) => {
      const invoice = await latestInvoice(own(request, request.params.email));
      if (!invoice) throw notFound('No invoices yet. Your first invoice is issued with your first payment.');
      return {
        success: true as const,
        downloadUrl: invoicePdfUrl(invoice.id),
        invoiceNumber: invoice.number,
      };
    },
  });

  route.get('/api/customer/invoices', {
    access: access.accountAdmin,
    summary: "The account's invoices, paged",
    querystring: invoiceListQuery,
    response: { 200: invoiceList },
    handler: async (request) => invoicePage(ctx(request), request.query),
  });

  route.get('/api/customer/invoices/:id/pdf', {
    access: access.accountAdmin,
    summary: 'One invoice as a PDF',
    params: uuidParams,
    handler: async (request, reply) => {
      const invoice = await invoiceOf(ctx(request), request.params.id);
      if (!invoice) throw notFound('Invoice not found');
      return sendInvoicePdf(reply, { db: billing.db, appName: config.appName, invoice });
    },
  });

  route.post('/api/customer/update-billing-email', {
    access: access.accountAdmin,
    summary: 'Change where invoices are sent',
    body: updateBillingEmailRequest,
    response: { 200: successResponse },
    handler: async (request) => {
      await updateBillingEmail(own(request, request.body.email), request.body.newBillingEmail);
      return { success: true, message: `Invoices will be sent to ${request.body.newBillingEmail}.` };
    },
  });

  route.post('/api/customer/update-billing-address', {
    access: access.accountAdmin,
    summary: "Change the account's billing address",
    body: updateBillingAddressRequest,
    response: { 200: successResponse },
    handler: async (request) => {
      await updateBillingAddress(own(request, request.body.email), request.body.address);
      return { success: true, message: 'Your billing address has been updated.' };
    },
  });

  route.get('/api/customer/payment-history/:email', {
    access: access.accountAdmin,
    summary: "The account's payments, paged",
    params: emailParams,
    querystring: paymentHistoryQuery,
    response: { 200: paymentHistoryResponse },
    handler: async (request) => paymentHistory(own(request, request.params.email), request.query),
  });

  route.post('/api/customer/add-payment-method', {
    access: access.accountAdmin,
    summary: 'Add a card to the account',
    body: addPaymentMethodRequest,
    response: { 200: successResponse },
    handler: async (request) => {
      const card = await addPaymentMethod(ctx(request), request.body);
      return { success: true, message: `${card.brand.toUpperCase()} ending in ${card.last4} was added.` };
    },
  });

  route.delete('/api/customer/payment-methods/:id', {
    access: access.accountAdmin,
    summary: 'Remove a card from the account',
    params: uuidParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await removePaymentMethod(ctx(request), request.params.id);
      return { success: true, message: 'Payment method removed' };
    },
  });

  route.post('/api/customer/payment-methods/:id/set-default', {
    access: access.accountAdmin,
    summary: 'Make a card the one the subscription is charged to',
    params: uuidParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await setDefaultPaymentMethod(ctx(request), request.params.id);
      return { success: true, message: 'Default payment method updated' };
    },
  });

  // Password-checked routes are limited per person, across URLs, by auth/password-checks.ts.
  for (const url of ['/api/auth/change-password', '/api/customer/change-password']) {
    route.post(url, {
      access: access.ownCredentials,
      summary: "Change the signed-in customer's own password",
      body: changePasswordRequest,
      response: { 200: successResponse },
      handler: async (request) => {
        await changeCustomerPassword(own(request, request.body.email), billing.mail, {
          teamMemberId: request.customerUser.teamMemberId,
          sessionId: request.customerUser.sessionId,
          currentPassword: request.body.currentPassword,
          newPassword: request.body.newPassword,
        });
        return { success: true, message: 'Password changed successfully' };
      },
    });
  }

  route.get('/api/customer/data-export', {
    access: access.owner,
    summary: 'Everything we hold about the signed-in customer, as JSON',
    handler: async (request, reply) => {
      const context = ctx(request);
      const data = await exportCustomerData(context);
      await recordAudit(context.db, context.actor, {
        action: 'export',
        resourceType: 'customer',
        resourceId: context.accountId,
        newValues: { format: 'json', what: 'all account data' },
      });
      const day = isoDay(billing.clock.now());
      return reply
        .header('content-disposition', `attachment; filename="motorpool-data-${day}.json"`)
        .header('cache-control', 'private, no-store')
        .send(data);
    },
  });

  route.post('/api/customer/delete-account', {
    access: access.owner,
    summary: 'Delete the account and everything in it (password required)',
    body: deleteAccountRequest,
    response: { 200: successResponse },
    handler: async (request, reply) => {
      await deleteCustomerAccount(ctx(request), request.body.password);
      clearSessionCookie(config, request, reply, CUSTOMER_COOKIE);
      return { success: true, message: 'Your account and its data have been deleted.' };
    },
  });
}

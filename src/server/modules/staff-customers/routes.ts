import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, errorResponse, successResponse } from '../../../shared/contracts/common';
import {
  customerExportQuery,
  customerForm,
  newCustomerRequest,
  customerListQuery,
  customerPage,
  customerSaved,
  customerPasswordSent,
  customerStats,
  staffCustomerEdit,
  staffPlanChangeRequest,
} from '../../../shared/contracts/staff-customers';
import { deliverySentence } from '../../../shared/contracts/email-delivery';
import { lastDeliveryOf, sendingNow, skippedEmail } from '../email';
import { planChangePreview, planChangeResponse } from '../../../shared/contracts/portal';
import { changeCustomerPlan, previewCustomerPlanChange } from './plan-change';
import {
  createCustomer,
  customerDetail,
  reactivateCustomer,
  resendCustomerPassword,
  suspendCustomer,
  updateCustomer,
} from './accounts';
import { deleteCustomer } from './delete';
import { customersCsv } from './export';
import { customerStats as readCustomerStats, keptCustomerReads, listCustomers } from './list';
import type { Services } from '../../services';
import { staffContext } from '../../http/staff-context';
import { routesFor } from '../../http/routes-for';
import { sendCsvExport } from '../../http/csv-export';

/** Any text: an id that is not a UUID names no customer, and the service answers 404 for it. */
const customerParams = z.object({ id: z.string() });

/** The email that carries a customer's temporary password. */
const PASSWORD_EMAIL = ['account_invitation'] as const;

const viewCustomers = access.staffPermission('customers', 'canViewCustomers');
const editCustomers = access.staffPermission('customers', 'canEditCustomers');

/** Staff customer accounts (docs/staff-customers.md): the list, its stats and export, and the dialogs. */
export async function staffCustomerRoutes(app: FastifyInstance, services: Services) {
  const { db, clock, emailDelivery } = services;
  const route = routesFor(app, 'staff-customers');
  const ctx = (request: FastifyRequest) => staffContext(request, services);
  const kept = keptCustomerReads(db);

  route.get('/api/admin/customers', {
    access: viewCustomers,
    summary: 'Customers: searched, filtered, sorted and paged on the server',
    querystring: customerListQuery,
    response: { 200: customerPage },
    handler: async (request) => listCustomers(db, request.query, kept),
  });

  // The same list for the fleet control center, under its own tab (the original API's `GET /api/customers`;
  // `POST /api/customers` is the public self sign-up).
  route.get('/api/customers', {
    access: access.staffPermission('fleet', 'canViewCustomers'),
    summary: 'Customers for the fleet control center (the same list as /api/admin/customers)',
    querystring: customerListQuery,
    response: { 200: customerPage },
    handler: async (request) => listCustomers(db, request.query, kept),
  });

  route.get('/api/admin/customers/stats', {
    access: viewCustomers,
    summary: 'Total, active, at-risk customers and the average health score',
    response: { 200: customerStats },
    handler: async () => readCustomerStats(db),
  });

  route.get('/api/admin/customers/export', {
    access: viewCustomers,
    summary: 'Every customer the filters match, as CSV (streamed in batches)',
    querystring: customerExportQuery,
    handler: async (request, reply) =>
      sendCsvExport(request, reply, {
        db,
        clock,
        resourceType: 'customer',
        name: 'customers',
        filters: request.query,
        csv: customersCsv(db, request.query),
      }),
  });

  route.get('/api/admin/customers/:id', {
    access: editCustomers,
    summary: 'One customer for the edit dialog, with the temporary password until they set theirs',
    params: customerParams,
    response: { 200: staffCustomerEdit, 404: errorResponse },
    handler: async (request) => {
      const customer = await customerDetail(services, request.params.id);
      const passwordEmail = customer.passwordPending
        ? await lastDeliveryOf(
            { db, delivery: emailDelivery },
            { customerId: customer.id, template: 'account_invitation' },
          )
        : null;
      return { ...customer, passwordEmail };
    },
  });

  route.post('/api/admin/customers', {
    access: editCustomers,
    summary: 'Add a customer on a 14-day trial of an active plan, with a temporary password',
    body: newCustomerRequest,
    response: { 201: customerSaved },
    handler: async (request, reply) => {
      const { value: customer, email } = await sendingNow(emailDelivery, PASSWORD_EMAIL, () =>
        createCustomer(ctx(request), request.body),
      );
      return reply
        .status(201)
        .send({ success: true, message: 'Customer created successfully', customer, delivery: email });
    },
  });

  route.put('/api/admin/customers/:id', {
    access: editCustomers,
    summary: 'Edit a customer (an empty password keeps the current one)',
    params: customerParams,
    body: customerForm,
    response: { 200: customerSaved },
    handler: async (request) => {
      const { value: customer, email } = await sendingNow(emailDelivery, PASSWORD_EMAIL, () =>
        updateCustomer(ctx(request), request.params.id, request.body),
      );
      return { success: true as const, message: 'Customer updated successfully', customer, delivery: email };
    },
  });

  route.post('/api/admin/customers/:id/send-password', {
    access: editCustomers,
    summary: 'Send again: a new temporary password, by email to an owner who has not set theirs',
    params: customerParams,
    response: { 200: customerPasswordSent },
    handler: async (request) => {
      const { value, email: delivery } = await sendingNow(emailDelivery, PASSWORD_EMAIL, () =>
        resendCustomerPassword(ctx(request), request.params.id),
      );
      const sent = delivery ?? skippedEmail(value.email);
      return {
        success: true as const,
        message: deliverySentence('A new temporary password', sent),
        email: value.email,
        delivery: sent,
      };
    },
  });

  // Issue 24 §4c: a paying customer's plan, changed by staff on billing's rules; the preview first.
  route.post('/api/admin/customers/:id/preview-plan-change', {
    access: editCustomers,
    summary:
      "What a plan change would charge now and when it applies (the portal's preview); changes nothing",
    params: customerParams,
    body: staffPlanChangeRequest,
    response: { 200: planChangePreview },
    handler: async (request) =>
      previewCustomerPlanChange(ctx(request), request.params.id, request.body.planId),
  });

  route.post('/api/admin/customers/:id/change-plan', {
    access: editCustomers,
    summary: 'Upgrade (prorated difference charged now) or downgrade (at the period end), audited as staff',
    params: customerParams,
    body: staffPlanChangeRequest,
    response: { 200: planChangeResponse },
    handler: async (request) =>
      changeCustomerPlan(ctx(request), request.params.id, request.body.planId, request.body.expectedAmount),
  });

  route.post('/api/admin/customers/:id/suspend', {
    access: editCustomers,
    summary: 'Suspend an active customer: no sign-in or API use until reactivated',
    params: customerParams,
    response: { 200: customerSaved },
    handler: async (request) => ({
      success: true as const,
      message: 'Customer suspended',
      customer: await suspendCustomer(ctx(request), request.params.id),
    }),
  });

  route.post('/api/admin/customers/:id/reactivate', {
    access: editCustomers,
    summary: 'Reactivate a suspended customer: the status follows the subscription again',
    params: customerParams,
    response: { 200: customerSaved },
    handler: async (request) => ({
      success: true as const,
      message: 'Customer reactivated',
      customer: await reactivateCustomer(ctx(request), request.params.id),
    }),
  });

  route.delete('/api/admin/customers/:id', {
    access: access.staffPermission('customers', 'canDeleteCustomers'),
    summary: 'Delete a customer and its data; payments and invoices stay, detached',
    params: customerParams,
    response: { 200: successResponse },
    handler: async (request) => {
      const { companyName } = await deleteCustomer(ctx(request), request.params.id);
      return { success: true, message: `${companyName} has been permanently deleted.` };
    },
  });
}

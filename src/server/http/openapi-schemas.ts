import { z } from 'zod';
import * as audit from '../../shared/contracts/audit';
import * as auth from '../../shared/contracts/auth';
import * as backgroundJobs from '../../shared/contracts/background-jobs';
import * as billingAdmin from '../../shared/contracts/billing-admin';
import * as checkout from '../../shared/contracts/checkout';
import * as commissions from '../../shared/contracts/commissions';
import * as common from '../../shared/contracts/common';
import * as contact from '../../shared/contracts/contact';
import * as crm from '../../shared/contracts/crm';
import * as customers from '../../shared/contracts/customers';
import * as dashboardFeed from '../../shared/contracts/dashboard-feed';
import * as dashboard from '../../shared/contracts/dashboard';
import * as emailDelivery from '../../shared/contracts/email-delivery';
import * as email from '../../shared/contracts/email';
import * as externalDb from '../../shared/contracts/external-db';
import * as fleetCenter from '../../shared/contracts/fleet-center';
import * as fleet from '../../shared/contracts/fleet';
import * as impersonation from '../../shared/contracts/impersonation';
import * as mailTransportFeed from '../../shared/contracts/mail-transport-feed';
import * as myCommissionsFeed from '../../shared/contracts/my-commissions-feed';
import * as notificationFeed from '../../shared/contracts/notification-feed';
import * as notifications from '../../shared/contracts/notifications';
import * as passwordReset from '../../shared/contracts/password-reset';
import * as paymentOperations from '../../shared/contracts/payment-operations';
import * as plans from '../../shared/contracts/plans';
import * as portal from '../../shared/contracts/portal';
import * as revenue from '../../shared/contracts/revenue';
import * as staffCustomers from '../../shared/contracts/staff-customers';
import * as staffPayments from '../../shared/contracts/staff-payments';
import * as staffProfile from '../../shared/contracts/staff-profile';
import * as staffSession from '../../shared/contracts/staff-session';
import * as support from '../../shared/contracts/support';
import * as systemHealth from '../../shared/contracts/system-health';
import * as systemSettings from '../../shared/contracts/system-settings';
import * as team from '../../shared/contracts/team';
import * as usageAnalytics from '../../shared/contracts/usage-analytics';

/** Every file of src/shared/contracts, by file name (a test holds this list to the folder). */
export const CONTRACT_MODULES: Record<string, Record<string, unknown>> = {
  audit,
  auth,
  'background-jobs': backgroundJobs,
  'billing-admin': billingAdmin,
  checkout,
  commissions,
  common,
  contact,
  crm,
  customers,
  'dashboard-feed': dashboardFeed,
  dashboard,
  'email-delivery': emailDelivery,
  email,
  'external-db': externalDb,
  'fleet-center': fleetCenter,
  fleet,
  impersonation,
  'mail-transport-feed': mailTransportFeed,
  'my-commissions-feed': myCommissionsFeed,
  'notification-feed': notificationFeed,
  notifications,
  'password-reset': passwordReset,
  'payment-operations': paymentOperations,
  plans,
  portal,
  revenue,
  'staff-customers': staffCustomers,
  'staff-payments': staffPayments,
  'staff-profile': staffProfile,
  'staff-session': staffSession,
  support,
  'system-health': systemHealth,
  'system-settings': systemSettings,
  team,
  'usage-analytics': usageAnalytics,
};

/**
 * Exports whose PascalCase name another contracts file already takes: named here after their
 * TypeScript type or their area. A new clash fails at start (and in the test) until it is added.
 */
const RENAMED = new Map<unknown, string>([
  [billingAdmin.invoiceListQuery, 'AdminInvoiceListQuery'],
  [billingAdmin.invoicePage, 'AdminInvoicePage'],
  [dashboard.activityItem, 'DashboardActivityItem'],
]);

/**
 * `staffCustomer` -> `StaffCustomer`. A request body `vehicleInput` -> `VehicleBody`: the document
 * names the accepted form of every schema `<Name>Input` itself (openapi.ts keeps it where it differs).
 */
export const componentName = (exportName: string) =>
  exportName.charAt(0).toUpperCase() + exportName.slice(1).replace(/Input$/, 'Body');

/**
 * The OpenAPI component names of the contracts: every exported object schema under the name of its
 * export (`componentName`), so the document `$ref`s it wherever a route uses it. One object exported
 * under two names keeps the first.
 */
export function contractSchemaRegistry() {
  const registry = z.registry<{ id: string }>();
  const fileOf = new Map<string, string>();
  for (const [file, exports] of Object.entries(CONTRACT_MODULES)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodObject) || registry.has(value)) continue;
      const id = RENAMED.get(value) ?? componentName(name);
      for (const taken of [id, `${id}Input`]) {
        if (fileOf.has(taken)) {
          throw new Error(
            `Schema name ${taken} comes from ${fileOf.get(taken)} and ${file}: add one to RENAMED`,
          );
        }
        fileOf.set(taken, file);
      }
      registry.add(value, { id });
    }
  }
  return registry;
}

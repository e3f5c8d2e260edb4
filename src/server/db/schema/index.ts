// Every table of the database, by area (one file each in this folder). drizzle.config.ts and
// `import * as schema` (db/client.ts, data-domains.ts) read the whole schema from here.
export {
  appMeta,
  counters,
  systemSettings,
  serverInstances,
  requestMetrics,
  jobRuns,
  integrationStatus,
  systemAlerts,
} from './system';
export {
  staffIdentity,
  staffUsers,
  salesCommissionRates,
  salesCommissions,
  salesCommissionTotals,
} from './staff';
export { customers, customerSettings } from './customers';
export { teamMembers, customerLogins } from './team';
export {
  sessions,
  impersonationTokens,
  attemptCounters,
  signInChallenges,
  passwordResetTokens,
} from './auth';
export {
  auditLogs,
  auditChain,
  auditHourCounts,
  CUSTOMER_SIGN_IN_ROW,
  FLEET_CHANGE_ROW,
  SIGN_IN_ROW,
} from './audit';
export { activities, notifications, notificationReads } from './notifications';
export { plans, subscriptions, revenueSnapshots, mrrEvents, mrrCohortMonths } from './plans';
export {
  paymentMethods,
  invoices,
  invoiceStatusTotals,
  payments,
  webhookEvents,
  paymentLinks,
  refunds,
  paymentRequests,
  expenses,
  hostingUsage,
  disputes,
  paymentDayTotals,
} from './billing';
export type { InvoiceLine, BillingAddress } from './billing';
export { sandboxPaymentMethods, sandboxIntents, sandboxCharges, sandboxRefunds } from './sandbox-provider';
export { vehicles, drivers, maintenanceRecords } from './fleet';
export {
  fleetCounters,
  fleetVehicleDays,
  fleetAccountVehicles,
  fleetMaintenanceDue,
  fleetAccountCounters,
  fleetAccountDue,
} from './fleet-totals';
export { emailOutbox, emailDayTotals, emailTemplates } from './email';
export {
  supportOpenTicketHours,
  supportTicketDurationBuckets,
  supportTicketMessages,
  supportTicketTotals,
  supportTickets,
} from './support';
export { backgroundJobs } from './jobs';
export { crmIntegrations } from './crm';

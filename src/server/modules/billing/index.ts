/*
 * The billing domain's public face: everything outside `modules/billing/` imports money code from
 * here, and only what is listed here (docs/billing.md, "Where the code lives"). Files inside billing
 * import each other directly, never through this file, so it never takes part in an import cycle.
 */

// What money routes and jobs receive: the dependencies, and a customer's or staff member's request context
export type { BillingDeps } from './core/deps';

// Rows and lookups other modules read
export type { SubscriptionRow } from './core/rows';
export { customerById, planById, subscriptionOf } from './core/lookups';

// The account's plan and status as billing sets them (staff's Edit Customer calls the same)
export { applyPlan, setCustomerStatus } from './core/account-writes';

// A subscription's start: the trial at sign-up, and the length of a period
export { startTrial } from './subscriptions/trial';
export { nextPeriodEnd } from './core/periods';

// Checkout: who may pay, the intent, the payment or its decline (a subscription or a payment request)
export { assertDeclinesAllowed, assertMayPay } from './checkout/access';
export { createCheckout } from './checkout/create-checkout';
export { completeCheckout } from './checkout/complete-checkout';
export { recordCheckoutFailure } from './checkout/checkout-failure';
export { createRequestCheckout, paymentRequestOfLink } from './checkout/request-checkout';

// Stripe's webhook events: seen before, handled, recorded
export { handleStripeEvent, markStripeEventHandled, stripeEventHandled } from './webhooks/stripe-events';

// Plan changes: preview, upgrade, downgrade, cancel and resume
export { previewPlanChange, type PlanChangePreview } from './plan-changes/preview';
export { upgradePlan, type PlanChangeResult } from './plan-changes/upgrade';
export { downgradePlan } from './plan-changes/downgrade';
export { cancelSubscription, resumeSubscription } from './plan-changes/cancellation';

// The customer's cards
export { addPaymentMethod, removePaymentMethod, setDefaultPaymentMethod } from './cards/payment-methods';

// Renewals: the billing job's step for one due subscription, and staff's retry of a failed payment
export { processDueSubscription, type RenewalOutcome } from './renewals/process-due-subscription';
export { renewalContexts } from './renewals/renewal';
export { retryPayment } from './renewals/staff-retry';

// Refunds: staff's refund and the job that settles refunds left pending
export {
  PENDING_REFUND_AGE_MS,
  recoverPendingRefunds,
  refundPayment,
  type StaffPaymentDeps,
} from './refunds/refunds';

// Invoices: issuing, the PDF, the customer's and staff's reads, Generate Monthly Invoices
export { createInvoice } from './invoices/invoices';
export { renderInvoicePdf, type InvoiceSeller } from './invoices/invoice-pdf';
export { isCollected } from './invoices/payment-records';
export { invoiceOf, invoicePage, invoicePdfUrl, latestInvoice } from './invoices/customer-invoices';
export { invoiceById, listInvoices } from './invoices/staff-invoices';
export { generateMonthlyInvoices } from './invoices/monthly-invoices';

// The customer's billing tab: plan, cards and invoices at a glance, payment history, billing identity
export { billingInfo } from './customer/billing-info';
export { paymentHistory } from './customer/payment-history';
export { updateBillingAddress, updateBillingEmail } from './customer/billing-identity-changes';

// Staff's payment requests and billing settings (payment terms)
export {
  createSubscriptionRequest,
  listPaymentRequests,
  sendPaymentRequest,
} from './requests/payment-requests';
export { readBillingSettings, saveBillingSettings } from './requests/billing-settings';

// Staff's subscription lists: every subscription, and the trials that need an action
export { listSubscriptions, listTrialActions } from './subscriptions/subscription-lists';

// Payment operations: payments list and export, figures, reconciliation, disputes, expenses, hosting
export { keptPaymentReads, listPayments } from './operations/payment-list';
export { paymentsCsv } from './operations/payment-export';
export {
  financialAnalyticsSource,
  netRevenue,
  paymentTotals,
  toFinancialAnalytics,
} from './operations/financial-analytics';
export { paymentAnalyticsReader } from './operations/payment-analytics';
export { reconciliationReader } from './operations/reconciliation';
export { listDisputes } from './operations/disputes';
export { addExpense, deleteExpense, listExpenses, updateExpense } from './operations/expenses';
export { hostingUsageReport } from './operations/hosting-usage';
export { registerUsageMeter } from './operations/usage-meter';

import { z } from 'zod';
import { INVOICE_STATUSES } from '../statuses';
import { emailField, pagedQuery, pageOf, requiredText } from './common';
import { customerIdentity, strongPassword } from './auth';

/** Customer portal settings with their defaults (docs/customer-portal.md "Settings"). */
export const customerSettings = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  securityAlerts: z.boolean(),
  sessionTimeout: z.enum(['30minutes', '1hour', '2hours', '4hours']),
  autoRefresh: z.boolean(),
  defaultView: z.enum(['map', 'list', 'grid']),
  refreshInterval: z.enum(['30seconds', '1minute', '5minutes', 'manual']),
  distanceUnit: z.enum(['miles', 'kilometers']),
  exportFormat: z.enum(['csv', 'xlsx', 'pdf']),
  dataRetention: z.enum(['90', '180', '365', '730']),
  autoExportReports: z.boolean(),
});
export type CustomerSettings = z.infer<typeof customerSettings>;

export const DEFAULT_CUSTOMER_SETTINGS: CustomerSettings = {
  emailNotifications: true,
  pushNotifications: true,
  marketingEmails: false,
  securityAlerts: true,
  sessionTimeout: '1hour',
  autoRefresh: true,
  defaultView: 'map',
  refreshInterval: '1minute',
  distanceUnit: 'miles',
  exportFormat: 'csv',
  dataRetention: '365',
  autoExportReports: false,
};

export const saveSettingsRequest = customerSettings.extend({
  autoSaved: z.boolean().optional(),
  manualSave: z.boolean().optional(),
});

export const saveSettingsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** success, partial or failed. The built-in fleet app reads the same records: success. */
  crmSyncStatus: z.enum(['success', 'partial', 'failed']),
  settings: customerSettings,
  savedAt: z.string(),
});

export const BILLING_COUNTRIES = ['US', 'CA', 'UK'] as const;

export const billingAddress = z.object({
  street: requiredText('Street is required', 200, 'Street is too long'),
  city: requiredText('City is required', 100, 'City is too long'),
  state: requiredText('State or province is required', 100, 'State is too long'),
  zipCode: z
    .string({ error: 'ZIP or postal code is required' })
    .trim()
    .min(3, 'Please enter a valid ZIP or postal code')
    .max(12, 'Please enter a valid ZIP or postal code')
    .regex(/^[A-Za-z0-9 -]+$/, 'Please enter a valid ZIP or postal code'),
  country: z.enum(BILLING_COUNTRIES, { error: 'Choose US, CA or UK' }).default('US'),
});
export type BillingAddressInput = z.infer<typeof billingAddress>;

export const emailParams = z.object({ email: z.string().trim().toLowerCase().max(254) });
export const uuidParams = z.object({ id: z.uuid({ error: 'Not found' }) });

export const planChangeRequest = z.object({
  planId: z.string({ error: 'Please select a plan' }).trim().min(1, 'Please select a plan').max(60),
  email: z.string().trim().toLowerCase().max(254).optional(),
});

export const planChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  planId: z.string(),
  planName: z.string(),
  chargedAmount: z.number(),
  effectiveAt: z.string(),
  invoiceNumber: z.string().nullable(),
});

export const cancelRequest = z.object({ email: z.string().trim().toLowerCase().max(254).optional() });
export const cancelResponse = z.object({ success: z.literal(true), message: z.string(), endsAt: z.string() });
/** Plans cannot change once a cancellation is scheduled: said by the server's 409 and the portal. */
export const cancelledPlanChangeMessage = (endsOn: string) =>
  `Your subscription is cancelled and ends on ${endsOn}. Resume it to change its plan.`;

export const updateBillingEmailRequest = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  newBillingEmail: emailField('Please enter a valid email address'),
});
export const updateBillingAddressRequest = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  address: billingAddress,
});

export const addPaymentMethodRequest = z.object({
  paymentMethodId: z
    .string({ error: 'Payment method is required' })
    .trim()
    .min(3, 'Payment method is required')
    .max(200),
  setAsDefault: z.boolean().default(true),
});

export const sandboxCardRequest = z.object({
  number: z
    .string({ error: 'Your card number is invalid.' })
    .trim()
    .min(12, 'Your card number is invalid.')
    .max(23, 'Your card number is invalid.'),
  expMonth: z.coerce
    .number({ error: "Your card's expiration month is invalid." })
    .int("Your card's expiration month is invalid."),
  expYear: z.coerce
    .number({ error: "Your card's expiration year is invalid." })
    .int("Your card's expiration year is invalid."),
  cvc: z
    .string({ error: "Your card's security code is invalid." })
    .trim()
    .max(4, "Your card's security code is invalid."),
});

export const sandboxConfirmRequest = z.object({
  clientSecret: z.string().min(10).max(200),
  card: sandboxCardRequest,
});

export const createSubscriptionRequest = z.object({
  customerId: z.uuid({ error: 'Missing customer information' }),
  /** A payment link the product issued for this customer (`/checkout?customerId=...&link=...`). */
  link: z.string().min(20).max(100).optional(),
});
export const paymentClientConfig = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export const createSubscriptionResponse = z.object({
  clientSecret: z.string(),
  payment: paymentClientConfig,
});

export const changePasswordRequest = z
  .object({
    email: z.string().trim().toLowerCase().max(254).optional(),
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200),
    newPassword: strongPassword,
  })
  .refine((d) => d.newPassword !== d.currentPassword, {
    message: 'The new password must be different from the current one.',
    path: ['newPassword'],
  });

export const deleteAccountRequest = z.object({
  password: z
    .string({ error: 'Please enter your password to confirm.' })
    .min(1, 'Please enter your password to confirm.')
    .max(200),
});

export const paymentMethodView = z.object({
  id: z.string(),
  isDefault: z.boolean(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
});

export const invoiceView = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  status: z.enum(INVOICE_STATUSES),
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
  pdf_url: z.string(),
});

/** The portal's paged lists keep the bounds they were given: 20 a page, at most 10,000 pages. */
const portalPaging = { defaultPageSize: 20, maxPage: 10_000 };

export const invoiceListQuery = pagedQuery({}, portalPaging);
export const invoiceList = pageOf(invoiceView);

export const billingInfo = z.object({
  currentPlan: z.object({
    id: z.string(),
    name: z.string(),
    price: z.number(),
    interval: z.literal('month'),
  }),
  subscriptionStatus: z.string(),
  status: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** The date of the next charge, or null when none is coming (cancelled, pending). */
  nextBillingDate: z.string().nullable(),
  nextBillingAmount: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  scheduledPlan: z.object({ id: z.string(), name: z.string(), price: z.number() }).nullable(),
  paymentMethods: z.array(paymentMethodView),
  invoices: z.array(invoiceView),
  billingEmail: z.string(),
  billingAddress: billingAddress.nullable(),
  payment: paymentClientConfig,
});
export type BillingInfo = z.infer<typeof billingInfo>;

export const paymentHistoryItem = z.object({
  id: z.string(),
  description: z.string(),
  created: z.string(),
  status: z.enum(['succeeded', 'failed', 'refunded', 'partially_refunded', 'pending']),
  amount: z.number(),
  currency: z.string(),
  receipt_url: z.string().nullable(),
  failureMessage: z.string().nullable(),
});
/**
 * Paged like every list; the answer keeps the original API's shape (`payments`, `success`, `message`;
 * docs/product-rules.md, "Calls and errors").
 */
export const paymentHistoryQuery = pagedQuery({}, portalPaging);
export const paymentHistoryResponse = z.object({
  success: z.literal(true),
  payments: z.array(paymentHistoryItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  message: z.string(),
});

export const activityItem = z.object({
  id: z.string(),
  action: z.string(),
  description: z.string(),
  createdAt: z.string(),
});

export const customerProfile = customerIdentity.extend({
  role: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  planPrice: z.number().nullable(),
  planInterval: z.literal('month'),
  status: z.string(),
  subscriptionStatus: z.string(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  scheduledPlanId: z.string().nullable(),
  currentCars: z.number(),
  carLimit: z.number().nullable(),
  currentUsers: z.number(),
  userLimit: z.number().nullable(),
  usageStats: z.object({
    vehicleUtilization: z.number(),
    activeVehicles: z.number(),
    totalVehicles: z.number(),
  }),
  recentActivity: z.array(activityItem),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  externalAuth: z.boolean(),
  isPasswordSet: z.boolean(),
  lastPasswordChange: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

/** GET /api/customer/settings/{email}. */
export const settingsResponse = z.object({ settings: customerSettings });

/** GET /api/customer/invoices?page=&pageSize=: newest first. */
export const invoicePage = z.object({
  items: z.array(invoiceView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /api/customer/latest-invoice/{email}: where the newest invoice's PDF is. */
export const latestInvoiceResponse = z.object({
  success: z.literal(true),
  downloadUrl: z.string(),
  invoiceNumber: z.string(),
});

/** GET /api/fleet/crm-link: where the portal sends the customer for their fleet. */
export const crmLinkResponse = z.object({ url: z.string() });

/** POST /api/payments/sandbox/payment-methods: the sandbox card form's payment method. */
export const sandboxPaymentMethodResponse = z.object({
  id: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
});

/** What paying a checkout answers (sandbox confirm, /api/checkout/complete). */
export const checkoutResult = z.object({
  status: z.enum(['succeeded', 'processing']),
  email: z.string().optional(),
  message: z.string(),
});

/*
 * Plan-change preview and resuming a cancellation (issue 9, docs/decisions/0005-customer-side-plan-changes.md).
 */

/** POST /api/customer/preview-plan-change {planId, email}: what an upgrade or downgrade would do. */
export const planChangePreview = z.object({
  kind: z.enum(['upgrade', 'downgrade']),
  planId: z.string(),
  planName: z.string(),
  currentPlanName: z.string(),
  /** The target plan's price per month. */
  newMonthlyPrice: z.number(),
  /** Charged today on the default card: 0 for a downgrade, during a trial, or under $0.50. */
  amountDueToday: z.number(),
  trialing: z.boolean(),
  /** Upgrade: now; downgrade: the period end. */
  effectiveAt: z.string(),
  periodEnd: z.string(),
  /** When the new monthly price is first charged (the period end). */
  firstChargeAt: z.string().nullable(),
  /** The default card the amount goes on (null when nothing is charged, or there is no card). */
  paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  quotedAt: z.string(),
  message: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreview>;

/**
 * POST /api/customer/upgrade-plan with the amount its preview showed: the server charges exactly that
 * (while it holds), or refuses with 409 `amount_changed` and the new amount.
 */
export const upgradePlanRequest = planChangeRequest.extend({
  expectedAmount: z
    .number({ error: 'The previewed amount must be a number' })
    .min(0, 'The previewed amount must be a number')
    .max(1_000_000, 'The previewed amount must be a number')
    .optional(),
});

/** POST /api/customer/resume-subscription: takes a cancellation back before its date. */
export const resumeRequest = cancelRequest;
export const resumeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  renewsAt: z.string(),
});

import { z } from 'zod';
import { CUSTOMER_STATUSES } from '../statuses';
import { FEATURE_ACCESS_FLAGS } from '../feature-access';
import { emailDelivery } from './email-delivery';
import { emailField, pagedQuery, pageOf, requiredText, searchField, sortField } from './common';
import { upgradePlanRequest } from './portal';

/**
 * Customer accounts as staff see and change them (the customers screen, the fleet control center
 * and the customer dialogs; rules in docs/staff-customers.md). Calls: `GET/POST /api/admin/customers`,
 * `GET/PUT/DELETE /api/admin/customers/{id}`, `GET /api/customers` (the same list, for the fleet screen).
 */

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The country select's options, default US. */
export const CUSTOMER_COUNTRIES = ['US', 'CA', 'MX', 'GB', 'DE', 'FR', 'AU', 'other'] as const;
export const COUNTRY_LABELS: Record<(typeof CUSTOMER_COUNTRIES)[number], string> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  AU: 'Australia',
  other: 'Other',
};

/** Health colour bands: 80 green, 60 yellow, 40 orange, below red. */
export type HealthBand = 'green' | 'yellow' | 'orange' | 'red';
export function healthBand(score: number): HealthBand {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  if (score >= 40) return 'orange';
  return 'red';
}

/** The customer as every staff list and dialog reads it. Money in dollars (docs/product-rules.md). */
export const staffCustomer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  companyName: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  /** trialing, active, past_due, pending, canceled, or none. */
  subscriptionStatus: z.string(),
  /** When a cancelled account's access ends (its paid period or trial): renewal has stopped. */
  accessEndsAt: z.string().nullable(),
  role: z.string(),
  carLimit: z.number().nullable(),
  userLimit: z.number().nullable(),
  currentCars: z.number(),
  currentUsers: z.number(),
  featureAccess: z.record(z.enum(FEATURE_ACCESS_FLAGS), z.boolean()),
  healthScore: z.number(),
  riskLevel: z.enum(RISK_LEVELS),
  /** The signals that took points off the score, e.g. "2 failed payments in 30 days". */
  healthReasons: z.array(z.string()),
  /** What the customer pays a month now: 0 on a trial, pending or cancelled subscription. */
  monthlyRecurringRevenue: z.number(),
  isPasswordSet: z.boolean(),
  lastPasswordChange: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  /** The sales user credited with this account's payments (docs/commissions.md), or null. */
  salesUserId: z.string().nullable(),
  salesUserName: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffCustomer = z.infer<typeof staffCustomer>;

/**
 * One customer for the edit dialog. `passwordPending`: the owner still signs in with the temporary
 * password staff set, which went to them by email (it is never answered: issue 14).
 */
export const staffCustomerDetail = staffCustomer.extend({ passwordPending: z.boolean() });

/** Send again: a new temporary password went to the owner's email address. */
export const customerPasswordSent = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
  /** What became of the email with the new password (docs/email.md "Sent means sent"). */
  delivery: emailDelivery,
});

/**
 * The edit dialog's customer: while the owner has not set their password, what became of the newest
 * email with their temporary one (null once set, or when none was written).
 */
export const staffCustomerEdit = staffCustomerDetail.extend({ passwordEmail: emailDelivery.nullable() });
export type StaffCustomerEdit = z.infer<typeof staffCustomerEdit>;
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetail>;

export const CUSTOMER_SORTS = [
  'companyName',
  '-companyName',
  'createdAt',
  '-createdAt',
  'healthScore',
  '-healthScore',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const customerListQuery = pagedQuery({
  search: searchField,
  status: z.enum(CUSTOMER_STATUSES, { error: 'Unknown status' }).optional(),
  risk: z.enum(RISK_LEVELS, { error: 'Unknown risk level' }).optional(),
  sort: sortField(CUSTOMER_SORTS, '-createdAt'),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;
/** The export takes the list's filters and sort, without paging: every matching customer. */
export const customerExportQuery = customerListQuery.omit({ page: true, pageSize: true });
export type CustomerExportQuery = z.infer<typeof customerExportQuery>;

export const customerPage = pageOf(staffCustomer);

/** The customers screen's four stats, over every customer (not the filtered page). */
export const customerStats = z.object({
  total: z.number(),
  active: z.number(),
  /** Risk level high or critical. */
  atRisk: z.number(),
  /** Rounded to a whole number; null with no customers. */
  avgHealthScore: z.number().nullable(),
  /**
   * Vehicles and team users across every customer (the fleet control center's Total Vehicles and Total
   * Users tiles: sums of currentCars and currentUsers).
   */
  totalVehicles: z.number(),
  totalUsers: z.number(),
});
export type CustomerStats = z.infer<typeof customerStats>;

export const CUSTOMER_PASSWORD_MESSAGE = 'Password must be at least 8 characters';
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** The form's profile fields, in its order: what Edit Customer shows and sends back, and the audit compares. */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Add and Edit Customer. Limits come from the plan on the server; the dialog shows them read-only. */
export const customerForm = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailField('Please enter a valid email address'),
  phone: optionalText(30, 'Phone'),
  companyName: requiredText('Company name is required', 200),
  address: optionalText(500, 'Address'),
  city: optionalText(100, 'City'),
  state: optionalText(100, 'State'),
  zipCode: optionalText(20, 'ZIP code'),
  country: z.enum(CUSTOMER_COUNTRIES, { error: 'Choose a country from the list' }),
  planId: requiredText('Please select a plan', 60, 'Please select a plan'),
  status: z.enum(CUSTOMER_STATUSES, { error: 'Choose a status from the list' }),
  /** Empty: on create the server generates a temporary password; on edit the current one stays. */
  password: z
    .string()
    .max(128, 'Password must be at most 128 characters')
    .refine((p) => p === '' || p.length >= 8, CUSTOMER_PASSWORD_MESSAGE)
    .optional(),
  featureAccess: z.record(z.enum(FEATURE_ACCESS_FLAGS), z.boolean()).optional(),
  /**
   * The assigned sales user: a staff member of role sales, or null for none. Left out on create, it is
   * the sales user who creates the customer (none for other roles); left out on edit, it stays.
   */
  salesUserId: z.string().max(100).nullable().optional(),
});
export type CustomerForm = z.infer<typeof customerForm>;

/**
 * What `POST /api/admin/customers` accepts: the form, with the defaults for what is left out
 * (country US, status active). An edit (`PUT`) sends the whole form.
 */
export const newCustomerRequest = customerForm.extend({
  country: customerForm.shape.country.default('US'),
  status: customerForm.shape.status.default('active'),
});

export const customerSaved = z.object({
  success: z.literal(true),
  message: z.string(),
  customer: staffCustomerDetail,
  /** A save that emailed a password (add, or a new one on edit): what became of that email. */
  delivery: emailDelivery.nullable().optional(),
});

/**
 * A paying customer's plan changed by staff (issue 24 §4c): the portal's preview and change, on the
 * customer's account. `expectedAmount` is the previewed charge, as the portal sends it.
 */
export const staffPlanChangeRequest = upgradePlanRequest.omit({ email: true });
export type StaffPlanChangeRequest = z.infer<typeof staffPlanChangeRequest>;

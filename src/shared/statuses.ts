/*
 * Every status the product stores, one vocabulary per entity, with the predicates its rules ask. The
 * database schema types its status columns with these (`text('status', { enum: … })`), the contracts
 * validate with them and the screens key their badges by them, so the compiler follows a status from
 * the row to the badge: a value spelled wrong, or a new one a screen does not handle, fails typecheck.
 * A screen's wording of a status (its label) stays with the screen or its contract.
 */

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null | undefined): value is T =>
    (values as readonly string[]).includes(value ?? '');

/** A customer account (docs/staff-customers.md "Statuses"). */
export const CUSTOMER_STATUSES = ['pending', 'active', 'suspended', 'cancelled'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/**
 * A subscription: a trial, then paid periods (docs/billing.md). `pending` waits for its first payment
 * (a checkout not paid, or a trial that ended without a card); `canceled` is over.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'pending', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * The subscription statuses in which a customer pays for their plan: an active subscription, or one
 * whose last renewal failed and is being retried. A plan change for such a customer goes through
 * billing (an upgrade is charged, a downgrade waits for the period end); a trial, a pending sign-up or
 * a cancelled subscription has nothing to charge or schedule.
 */
export const PAYING_SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
] as const satisfies readonly SubscriptionStatus[];
export const paysForPlan = isOneOf(PAYING_SUBSCRIPTION_STATUSES);

/** An invoice: `open` until paid; `void` when its period was never owed; `refunded` in full. */
export const INVOICE_STATUSES = ['paid', 'open', 'void', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * A payment as stored: `refunded` once refunds reach its whole amount (a partly refunded payment stays
 * `succeeded`, with its refunded amount beside it).
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A refund: held against its payment while the provider has not answered, then settled either way. */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A payment request staff sent: open until paid; an open one past its due date reads as expired. */
export const PAYMENT_REQUEST_STATUSES = ['open', 'paid'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** A sales commission: pending until staff mark it paid (docs/commissions.md). */
export const COMMISSION_STATUSES = ['pending', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** A vehicle of the fleet app; a retired one no longer counts against the plan (docs/fleet.md). */
export const VEHICLE_STATUSES = ['active', 'maintenance', 'retired', 'inactive'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** A driver of the fleet app. */
export const DRIVER_STATUSES = ['active', 'inactive', 'on_leave'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/** A support ticket (docs/support.md). */
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Statuses that still wait on staff: they count as open tickets (health score, analytics by age). */
export const OPEN_TICKET_STATUSES = ['open', 'in_progress'] as const satisfies readonly TicketStatus[];
export const waitsOnStaff = isOneOf(OPEN_TICKET_STATUSES);

/** A background job (docs/background-jobs.md). */
export const JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A message of the email outbox (docs/email.md). */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A record's last sync to the CRM (docs/crm.md). */
export const CRM_SYNC_STATUSES = ['success', 'failed', 'pending'] as const;
export type CrmSyncStatus = (typeof CRM_SYNC_STATUSES)[number];

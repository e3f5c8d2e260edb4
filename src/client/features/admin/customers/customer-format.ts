import {
  RISK_LEVELS,
  type HealthBand,
  type RiskLevel,
  type StaffCustomer,
} from '@shared/contracts/staff-customers';
import { CUSTOMER_STATUSES, type CustomerStatus } from '@shared/statuses';
import { formatStaffDate } from '@client/lib/staff-dates';

/** Display helpers of the staff customer screens: limits, plan, names and dates. */

/** The default plan label. */
export const DEFAULT_PLAN_LABEL = 'Basic';

export const planLabelOf = (c: Pick<StaffCustomer, 'planName' | 'planId'>): string =>
  c.planName ?? c.planId ?? DEFAULT_PLAN_LABEL;

/** The assigned sales user's name, or 'None' (issue 11: their commissions come from this customer). */
export const salesRepLabelOf = (c: Pick<StaffCustomer, 'salesUserName' | 'salesUserId'>): string =>
  c.salesUserId ? (c.salesUserName ?? 'Former sales user') : 'None';

/** A limit of 0 or none reads 'Unlimited'. */
export const formatLimit = (limit: number | null): string =>
  limit === null || limit === 0 ? 'Unlimited' : limit.toLocaleString('en-US');

/** "3 / 10", "3 / Unlimited": what is used of a limit. */
export const formatUsage = (used: number, limit: number | null): string =>
  `${used.toLocaleString('en-US')} / ${formatLimit(limit)}`;

/** A figure from the server; a dash when the server did not send it. */
export const countOf = (n: number | undefined): string => (n === undefined ? '—' : n.toLocaleString('en-US'));

/** A stored US number (+1 and ten digits, as sign-up keeps it) as people read it; others as stored. */
export function formatPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return us ? `+1 (${us[1]}) ${us[2]}-${us[3]}` : phone;
}

export const personNameOf = (c: Pick<StaffCustomer, 'firstName' | 'lastName'>): string =>
  `${c.firstName} ${c.lastName}`.trim();

/** A day, in the signed-in member's timezone (lib/staff-dates.ts). */
export const formatDate = formatStaffDate;

export const STATUS_LABELS: Record<CustomerStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  suspended: 'Suspended',
  cancelled: 'Cancelled',
};

/**
 * Green for active, yellow for pending, grey otherwise. Suspended is red here: it is the one
 * status that locks the customer out, and staff scanning a page should not read it as "cancelled".
 */
export const STATUS_BADGE: Record<CustomerStatus, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  active: 'success',
  pending: 'warning',
  suspended: 'destructive',
  cancelled: 'secondary',
};

export const RISK_LABELS: Record<RiskLevel, string> = {
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
  critical: 'Critical risk',
};

/** The status select of the dialogs and the status filter of the lists. */
export const STATUS_OPTIONS = CUSTOMER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
export const RISK_OPTIONS = RISK_LEVELS.map((value) => ({ value, label: RISK_LABELS[value] }));

/** Risk levels follow the score (docs/customer-health.md), so they share its colour bands. */
export const RISK_BAND: Record<RiskLevel, HealthBand> = {
  low: 'green',
  medium: 'yellow',
  high: 'orange',
  critical: 'red',
};

/**
 * The four health colours as text and tint; each text colour keeps AA contrast on the card in both
 * themes (the design tokens have only three colours, so the bands name Tailwind's).
 */
export const BAND_TEXT: Record<HealthBand, string> = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-700 dark:text-yellow-300',
  orange: 'text-orange-700 dark:text-orange-400',
  red: 'text-red-700 dark:text-red-400',
};

export const BAND_FILL: Record<HealthBand, string> = {
  green: 'bg-green-600 dark:bg-green-400',
  yellow: 'bg-yellow-500 dark:bg-yellow-300',
  orange: 'bg-orange-500 dark:bg-orange-400',
  red: 'bg-red-600 dark:bg-red-400',
};

export const BAND_TINT: Record<HealthBand, string> = {
  green: 'border-green-700/30 bg-green-50 dark:border-green-400/30 dark:bg-green-400/10',
  yellow: 'border-yellow-700/30 bg-yellow-50 dark:border-yellow-300/30 dark:bg-yellow-300/10',
  orange: 'border-orange-700/30 bg-orange-50 dark:border-orange-400/30 dark:bg-orange-400/10',
  red: 'border-red-700/30 bg-red-50 dark:border-red-400/30 dark:bg-red-400/10',
};

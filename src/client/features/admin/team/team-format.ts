import type { Commission, CommissionTotals } from '@shared/contracts/commissions';
import type { TeamUser } from '@shared/contracts/team';
import { formatMoneyMinus } from '@client/lib/format';

/** Display helpers of the team screen: names, money, dates and the month filter. */

/** First and last name, or the local part of the email without one (as the header names staff). */
export function memberNameOf(user: Pick<TeamUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email.split('@')[0] || user.email;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

export const ROLE_LABELS: Record<TeamUser['role'], string> = {
  admin: 'Admin',
  manager: 'Manager',
  sales: 'Sales',
  root: 'Root',
};

export const COMMISSION_TYPE_LABELS: Record<Commission['commissionType'], string> = {
  payment: 'Payment',
  refund_adjustment: 'Refund adjustment',
};

export const COMMISSION_STATUS_LABELS: Record<string, string> = { pending: 'Pending', paid: 'Paid' };

/** Pending yellow, paid green, anything else destructive. */
export function commissionStatusBadge(status: string): 'warning' | 'success' | 'destructive' {
  if (status === 'pending') return 'warning';
  if (status === 'paid') return 'success';
  return 'destructive';
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The month filter's choices: this month and the eleven before it, newest first, as the server reads
 * them (YYYY-MM, in UTC, the month a commission was recorded).
 */
export function recentMonths(now: Date, count = 12): { value: string; label: string }[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => {
    const first = new Date(Date.UTC(year, month - i, 1));
    const value = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: monthLabel.format(first) };
  });
}

/** "3 commissions" / "1 commission". */
export const countNoun = (n: number, one: string, more: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : more}`;

/** The totals line's figures, over every matching row (not the page). */
export function totalsFigures(totals: CommissionTotals): { label: string; value: string; hint: string }[] {
  return [
    {
      label: 'Pending',
      value: formatMoneyMinus(totals.pendingAmount),
      hint: countNoun(totals.pendingCount, 'commission', 'commissions'),
    },
    {
      label: 'Paid',
      value: formatMoneyMinus(totals.paidAmount),
      hint: countNoun(totals.paidCount, 'commission', 'commissions'),
    },
    {
      label: 'Total',
      value: formatMoneyMinus(totals.totalAmount),
      hint: countNoun(totals.count, 'commission', 'commissions'),
    },
  ];
}

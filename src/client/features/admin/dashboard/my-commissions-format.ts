import type { CommissionFeedItem, MyCommissionsFeed } from '@shared/contracts/my-commissions-feed';

/** How the 'My commissions' card reads a sales user's commissions (docs/staff-dashboard.md). */

const count = new Intl.NumberFormat('en-US');

/** '1 commission', '3 commissions'. */
export const commissionCount = (n: number): string =>
  `${count.format(n)} ${n === 1 ? 'commission' : 'commissions'}`;

/** Nothing earned yet: no row at all, so the card says how commissions come instead of zeros. */
export const hasNoCommissions = (c: MyCommissionsFeed): boolean =>
  c.recent.length === 0 && c.pendingCount === 0 && c.paidThisMonthCount === 0;

export const COMMISSION_STATUS_BADGE: Record<
  CommissionFeedItem['status'],
  { label: string; tone: 'warning' | 'success' }
> = {
  pending: { label: 'Pending', tone: 'warning' },
  paid: { label: 'Paid', tone: 'success' },
};

/** What a row was earned on: a payment, or a refund taking back part of one (a negative amount). */
export const commissionSource = (c: Pick<CommissionFeedItem, 'commissionType'>): string =>
  c.commissionType === 'refund_adjustment' ? 'Refund adjustment' : 'Payment';

import { PAYMENT_SORTS, PAYMENT_LIST_STATUSES } from '@shared/contracts/staff-payments';

/**
 * The Transactions list's parameters in the address (`tx.` prefix). The header's Export Data reads the
 * same ones, so it exports what the Transactions sub-tab shows; its own small file keeps the header
 * from loading the sub-tab.
 */
export const TRANSACTIONS_LIST = {
  sorts: PAYMENT_SORTS,
  defaultSort: '-createdAt',
  filters: { status: PAYMENT_LIST_STATUSES },
  pageSize: 25,
  scope: 'tx',
} as const;

import {
  type PaymentExportQuery,
  type StaffPayment,
  DELETED_CUSTOMER_LABEL,
  PAYMENT_STATUS_LABELS,
} from '../../../../shared/contracts/staff-payments';
import type { Db } from '../../../db/client';
import { keysetCsv, type CsvColumn } from '../../../lib/csv';
import { paymentFilter, paymentRows, sortOf, toStaffPayment } from './payment-list';

/** Rows read per query: a batch's memory stays small however many payments match. */
export const EXPORT_BATCH = 1000;

const money = (n: number) => n.toFixed(2);

const COLUMNS: CsvColumn<StaffPayment>[] = [
  ['Payment ID', (p) => p.id],
  ['Created', (p) => p.createdAt],
  ['Paid', (p) => p.paidAt],
  ['Customer', (p) => p.customerName],
  ['Email', (p) => p.customerEmail],
  ['Customer ID', (p) => p.customer?.id],
  // The account is gone but its payment is kept for the books: said, with when.
  [
    'Customer Deleted',
    (p) => (p.customerDeletedAt ? `${DELETED_CUSTOMER_LABEL} (${p.customerDeletedAt})` : ''),
  ],
  ['Description', (p) => p.description],
  ['Plan', (p) => p.planId],
  ['Status', (p) => PAYMENT_STATUS_LABELS[p.status]],
  ['Amount (USD)', (p) => money(p.amount)],
  ['Refunded (USD)', (p) => money(p.refunded)],
  ['Provider Reference', (p) => p.stripePaymentIntentId],
  ['Failure', (p) => p.failureMessage],
  ['Invoice ID', (p) => p.invoiceId],
];

/**
 * Every payment the filters match, in the list's order, as CSV in pieces: the header, then one piece
 * per batch. Batches follow each other by keyset (the last row's sort key and id), so each is one
 * indexed read and no transaction stays open while the client reads. Formula-like cells are
 * neutralised.
 */
export async function* paymentsCsv(
  db: Db,
  query: PaymentExportQuery,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield* keysetCsv(COLUMNS, {
    sort: sortOf(query.sort),
    filter: paymentFilter(query),
    rows: (read) => paymentRows(db, read),
    positionOf: (row) => ({ cursor: row.cursor, id: row.payment.id }),
    itemOf: toStaffPayment,
    batch,
  });
}

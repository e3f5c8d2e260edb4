import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { payments } from '../../../db/schema';
import { earnCommission } from '../../commissions';
import type { Mailer } from '../../email-events';
import { queuePaymentEmail } from '../../email-events';

export type NewPayment = typeof payments.$inferInsert;

/**
 * Payments that took money: succeeded, or refunded since (a refund does not undo the collection; a
 * partly refunded payment stays succeeded). The payments trigger of migration 0012 counts the same two.
 */
export const COLLECTED_STATUSES = ['succeeded', 'refunded'] as const;

/** `status in ('succeeded', 'refunded')` on a status column or expression. */
export const isCollected = (status: SQLWrapper): SQL =>
  sql`${status} in (${sql.join(
    COLLECTED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

/**
 * Every payment the billing engine records goes through here, in the transaction of the charge it
 * records: a succeeded one earns its commission in the same transaction (docs/commissions.md), and
 * every one queues its email there (the receipt or the failure, docs/email.md).
 * `ignoreDuplicate`: a payment already recorded under the same idempotency key is left as it is
 * (returns null), for events that may arrive twice.
 */
export async function recordPayment(
  tx: Executor,
  // The rules' clock dates the payment (never the database's now()), so revenue by month and the
  // payment totals read the same day the billing rules acted on.
  values: NewPayment & { createdAt: Date },
  {
    mail,
    ignoreDuplicate = false,
    invoiceNumber,
  }: {
    mail: Mailer;
    ignoreDuplicate?: boolean;
    /** The number of the invoice the payment settles, when the caller has it (for the receipt). */
    invoiceNumber?: string;
  },
): Promise<typeof payments.$inferSelect | null> {
  const insert = tx.insert(payments).values(values);
  const [row] = await (ignoreDuplicate ? insert.onConflictDoNothing() : insert).returning();
  if (row) await earnCommission(tx, row);
  // The receipt (with the invoice PDF) or the failure notice, once per payment, with the payment.
  if (row) await queuePaymentEmail(tx, mail, row, { invoiceNumber });
  return row ?? null;
}

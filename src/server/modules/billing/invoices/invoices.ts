import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { counters, invoices, type BillingAddress, type InvoiceLine } from '../../../db/schema';
import { shortDate } from '../../../lib/day-text';
import { dueUnderTerms, paymentTermsOf } from '../requests/payment-terms';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Invoice numbers come from a counter row incremented in the invoice's own transaction: the row lock
 * serialises concurrent invoices, a rolled-back invoice gives its number back, and numbers never
 * reset or repeat (the unique index backs that up). The increment is a CTE of the invoice's own
 * insert (`createInvoice`): the same lock, one statement.
 */
const invoiceCounter = (tx: Executor) =>
  tx.$with('invoice_counter').as(
    tx
      .insert(counters)
      .values({ name: 'invoice', value: 1 })
      .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
      .returning({ value: counters.value }),
  );

/** `MP-000123`: the counter's value, six digits at least. */
const invoiceNumberOf = (counter: ReturnType<typeof invoiceCounter>) =>
  sql<string>`(select 'MP-' || lpad(${counter.value}::text, greatest(6, length(${counter.value}::text)), '0') from ${counter})`;

/** What a subscription period is called on its invoice line, its payment and its charge. */
export const periodDescription = (planName: string, periodStart: Date, periodEnd: Date): string =>
  `${planName} plan, ${shortDate(periodStart)} - ${shortDate(periodEnd)}`;

export type NewInvoice = {
  customerId: string;
  subscriptionId: string | null;
  /** payment_request: a staff payment request paid at checkout (docs/billing-admin.md). */
  kind: 'subscription' | 'proration' | 'payment_request';
  status: 'paid' | 'open';
  lines: InvoiceLine[];
  periodStart: Date | null;
  periodEnd: Date | null;
  billingName: string;
  billingEmail: string;
  billingAddress: BillingAddress | null;
  issuedAt: Date;
  /** Open invoices fall due under the payment terms setting unless a date is given. */
  dueAt?: Date | null;
};

export async function createInvoice(tx: Executor, input: NewInvoice): Promise<InvoiceRow> {
  const totalCents = input.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const dueAt =
    input.status === 'open'
      ? (input.dueAt ?? dueUnderTerms(await paymentTermsOf(tx), input.issuedAt))
      : (input.dueAt ?? null);
  const counter = invoiceCounter(tx);
  const [row] = await tx
    .with(counter)
    .insert(invoices)
    .values({
      ...input,
      dueAt,
      number: invoiceNumberOf(counter),
      totalCents,
      currency: 'usd',
      paidAt: input.status === 'paid' ? input.issuedAt : null,
    })
    .returning();
  return row!;
}

/** The subscription invoice of the period starting at `periodStart` (one at most: a unique index). */
export const isPeriodInvoice = (subscriptionId: string, periodStart: Date) =>
  and(
    eq(invoices.subscriptionId, subscriptionId),
    eq(invoices.kind, 'subscription'),
    eq(invoices.periodStart, periodStart),
  );

/** The period's invoice if one was already issued (an earlier failed attempt left it open). */
export async function findPeriodInvoice(
  tx: Executor,
  subscriptionId: string,
  periodStart: Date,
): Promise<InvoiceRow | undefined> {
  const [row] = await tx.select().from(invoices).where(isPeriodInvoice(subscriptionId, periodStart));
  return row;
}

export async function markInvoicePaid(tx: Executor, invoiceId: string, paidAt: Date): Promise<void> {
  await tx.update(invoices).set({ status: 'paid', paidAt }).where(eq(invoices.id, invoiceId));
}

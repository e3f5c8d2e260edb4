import type { Executor } from '../../../db/client';
import type { InvoiceLine, invoices, payments } from '../../../db/schema';
import type { Mailer } from '../../email-events';
import type { BillingIdentity } from '../core/billing-identity';
import { createInvoice, markInvoicePaid, type NewInvoice } from './invoices';
import { recordPayment } from './payment-records';

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A paid invoice issued with its payment: one line, for the amount paid. */
export type InvoiceToIssue = {
  kind: NewInvoice['kind'];
  /** The subscription the invoice bills; null for a payment request's invoice (the payment may still name one). */
  subscriptionId: string | null;
  /** The invoice's one line, without its amount: the line is for the amount paid. */
  line: Omit<InvoiceLine, 'amountCents'>;
  periodStart: Date | null;
  periodEnd: Date | null;
  billedTo: BillingIdentity;
};

export type PaidInvoice = {
  customerId: string;
  amountCents: number;
  /** When the money came in (the rules' clock): the invoice's issue and paid date, the payment's date. */
  paidAt: Date;
  /**
   * The invoice the money pays: `issue` a new one, or `settle` the one a declined renewal of the same
   * period left open (it is marked paid once the payment is recorded).
   */
  invoice: { issue: InvoiceToIssue } | { settle: InvoiceRow };
  payment: {
    /** The subscription the payment is for, if any (a payment request's names the customer's). */
    subscriptionId: string | null;
    description: string;
    provider: string;
    providerRef: string | null;
    paymentMethodId: string | null;
    /** What the charge paid for (unique): a second report of the same charge is refused by the database. */
    idempotencyKey: string;
    planId: string | null;
  };
};

/**
 * The one way money that came in is recorded (docs/billing.md, "Money rules and where they live"): a
 * numbered paid invoice (or the period's open one, settled) and a succeeded payment linked to it, for
 * the same amount and the same moment, in the caller's transaction. `recordPayment` brings what every
 * payment brings: its commission and its receipt email; the payments trigger (migration 0012) keeps
 * the payment totals. The caller holds its locks first (subscription or request row, then the invoice
 * counter row that `createInvoice` takes): the order stays the caller's.
 */
export async function recordPaidInvoice(
  tx: Executor,
  input: PaidInvoice,
  { mail }: { mail: Mailer },
): Promise<{ invoice: InvoiceRow; payment: PaymentRow }> {
  const { customerId, amountCents, paidAt } = input;
  const invoice =
    'settle' in input.invoice
      ? input.invoice.settle
      : await issuePaidInvoice(tx, customerId, amountCents, paidAt, input.invoice.issue);
  const payment = await recordPayment(
    tx,
    {
      customerId,
      subscriptionId: input.payment.subscriptionId,
      invoiceId: invoice.id,
      amountCents,
      status: 'succeeded',
      description: input.payment.description,
      provider: input.payment.provider,
      providerRef: input.payment.providerRef,
      paymentMethodId: input.payment.paymentMethodId,
      idempotencyKey: input.payment.idempotencyKey,
      createdAt: paidAt,
      planId: input.payment.planId,
    },
    { mail, invoiceNumber: invoice.number },
  );
  if ('settle' in input.invoice) await markInvoicePaid(tx, invoice.id, paidAt);
  // Recorded without `ignoreDuplicate`: a payment already under this key fails the insert instead.
  return { invoice, payment: payment! };
}

function issuePaidInvoice(
  tx: Executor,
  customerId: string,
  amountCents: number,
  paidAt: Date,
  issue: InvoiceToIssue,
): Promise<InvoiceRow> {
  const { description, ...period } = issue.line;
  return createInvoice(tx, {
    customerId,
    subscriptionId: issue.subscriptionId,
    kind: issue.kind,
    status: 'paid',
    lines: [{ description, amountCents, ...period }],
    periodStart: issue.periodStart,
    periodEnd: issue.periodEnd,
    issuedAt: paidAt,
    ...issue.billedTo,
  });
}

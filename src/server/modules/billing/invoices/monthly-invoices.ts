import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { GenerateMonthlyResult } from '../../../../shared/contracts/billing-admin';
import { invoices, payments, plans, subscriptions } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { billingIdentity } from '../core/billing-identity';
import { customerById } from '../core/lookups';
import { createInvoice, findPeriodInvoice, periodDescription } from './invoices';
import { actorFor, type StaffContext } from '../../../http/staff-context';
import { PAYING_SUBSCRIPTION_STATUSES, paysForPlan } from '../../../../shared/statuses';
import { inTransaction } from '../../../http/request-context';

/**
 * The period a paying subscription owes an invoice for. An active one: its current period. A past-due
 * one: the period its failed renewal is trying to collect, which starts at `current_period_end` (the
 * renewal issued it open; `docs/billing.md`).
 */
const billedPeriodStart = sql`case when ${subscriptions.status} = 'past_due' then ${subscriptions.currentPeriodEnd} else ${subscriptions.currentPeriodStart} end`;

const CANDIDATES_PER_BATCH = 200;

/**
 * Generate Monthly Invoices (docs/billing-admin.md): every paying subscription gets the invoice of
 * the period it is billed for, once. The billing engine already issues one per period when it charges
 * (unique `invoices_period_key`), so this fills the gaps only: paid when a succeeded payment of the
 * subscription falls in that period and has no invoice yet, open (due under the payment terms)
 * otherwise. Each invoice is issued in its own transaction under the subscription's row lock with a
 * fresh look for the period's invoice, so two staff running it at once issue each invoice once; the
 * one who finds it already there counts it as skipped.
 */
export async function generateMonthlyInvoices(ctx: StaffContext): Promise<GenerateMonthlyResult> {
  const now = ctx.clock.now();
  const [paying] = await ctx.db
    .select({ n: count() })
    .from(subscriptions)
    .where(inArray(subscriptions.status, [...PAYING_SUBSCRIPTION_STATUSES]));
  const numbers: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Paying subscriptions without their period's invoice, in id order (keyset), through the
    // invoices_period_key index: a run over a fully invoiced book reads no invoice rows twice.
    const batch = await ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, [...PAYING_SUBSCRIPTION_STATUSES]),
          sql`${subscriptions.id} > ${after}::uuid`,
          sql`not exists (select 1 from ${invoices} where ${invoices.subscriptionId} = ${subscriptions.id}
            and ${invoices.kind} = 'subscription' and ${invoices.periodStart} = ${billedPeriodStart})`,
        ),
      )
      .orderBy(subscriptions.id)
      .limit(CANDIDATES_PER_BATCH);
    for (const { id } of batch) {
      const number = await invoiceOnePeriod(ctx, id, now);
      if (number) numbers.push(number);
    }
    if (batch.length < CANDIDATES_PER_BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  const created = numbers.length;
  const skipped = Math.max(0, (paying?.n ?? 0) - created);
  await recordAudit(ctx.db, ctx.actor, {
    action: 'generate_invoices',
    resourceType: 'invoice',
    newValues: { created, skipped, invoices: numbers.slice(0, 100) },
  });
  return {
    success: true,
    message:
      created === 0
        ? 'Every paying subscription already has its invoice for this period'
        : `${created} invoice${created === 1 ? '' : 's'} generated`,
    created,
    skipped,
  };
}

/** One subscription's missing period invoice, under its row lock; null when it is not owed (any more). */
async function invoiceOnePeriod(ctx: StaffContext, subscriptionId: string, now: Date) {
  return inTransaction(ctx, async ({ db: tx }) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for('update');
    if (!sub || !paysForPlan(sub.status)) return null;
    const pastDue = sub.status === 'past_due';
    const periodStart = pastDue ? sub.currentPeriodEnd : sub.currentPeriodStart;
    if (await findPeriodInvoice(tx, sub.id, periodStart)) return null;
    const periodEnd = pastDue
      ? new Date(periodStart.getTime() + (sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()))
      : sub.currentPeriodEnd;
    // A payment of this period the engine recorded without an invoice settles it.
    const [payment] = pastDue
      ? []
      : await tx
          .select({ id: payments.id, amountCents: payments.amountCents, createdAt: payments.createdAt })
          .from(payments)
          .where(
            and(
              eq(payments.subscriptionId, sub.id),
              eq(payments.status, 'succeeded'),
              isNull(payments.invoiceId),
              gte(payments.createdAt, sub.currentPeriodStart),
              lt(payments.createdAt, sub.currentPeriodEnd),
            ),
          )
          .orderBy(payments.createdAt)
          .limit(1)
          .for('update');
    const customer = await customerById(tx, sub.customerId);
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.planId));
    const amountCents = payment?.amountCents ?? sub.priceCents;
    const description = periodDescription(plan?.name ?? sub.planId, periodStart, periodEnd);
    const invoice = await createInvoice(tx, {
      customerId: sub.customerId,
      subscriptionId: sub.id,
      kind: 'subscription',
      status: payment ? 'paid' : 'open',
      lines: [
        {
          description,
          amountCents,
          periodStart: periodStart.toISOString(),
          periodEnd: periodEnd.toISOString(),
        },
      ],
      periodStart,
      periodEnd,
      issuedAt: payment ? payment.createdAt : now,
      ...(await billingIdentity(tx, customer)),
    });
    if (payment) await tx.update(payments).set({ invoiceId: invoice.id }).where(eq(payments.id, payment.id));
    await recordAudit(tx, actorFor(ctx, sub.customerId), {
      action: 'create',
      resourceType: 'invoice',
      resourceId: invoice.id,
      newValues: {
        number: invoice.number,
        status: invoice.status,
        total: invoice.totalCents / 100,
        dueAt: invoice.dueAt?.toISOString() ?? null,
        via: 'generate-monthly',
      },
    });
    return invoice.number;
  });
}

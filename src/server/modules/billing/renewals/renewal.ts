import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import {
  customerSettings,
  customers,
  paymentMethods,
  payments,
  plans,
  subscriptions,
} from '../../../db/schema';
import type { ChargeResult } from '../../../integrations/payments/provider';
import { ensureProviderCustomer } from '../core/provider-customer';
import { identityOf, type BillingIdentity } from '../core/billing-identity';
import type { BillingDeps } from '../core/deps';
import type { CustomerRow, PaymentMethodRow, PlanRow, SubscriptionRow } from '../core/rows';
import { periodDescription, type InvoiceRow } from '../invoices/invoices';
import { nextPeriodEnd } from '../core/periods';
import { recordAudit, type AuditActor, type AuditEntry } from '../../audit';

/**
 * Every audit row a renewal writes (paid, declined, retried, ended, pending): on the subscription, in
 * the renewal's transaction. The account's health is refreshed after the commit, by
 * `processDueSubscription` or, for a batch of renewals at once, by the billing job.
 */
export function auditRenewal(
  tx: Executor,
  actor: AuditActor,
  subscriptionId: string,
  entry: Omit<AuditEntry, 'resourceType' | 'resourceId'>,
): Promise<void> {
  return recordAudit(
    tx,
    actor,
    { ...entry, resourceType: 'subscription', resourceId: subscriptionId },
    { refreshHealth: false },
  );
}

/** One renewal attempt as its steps see it: the period it pays for, the amount, the charge's key. */
export type Renewal = {
  claimed: SubscriptionRow;
  customer: CustomerRow;
  card: PaymentMethodRow | null;
  plan: PlanRow | null;
  billedTo: BillingIdentity;
  staffRetry: boolean;
  now: Date;
  periodStart: Date;
  periodEnd: Date;
  amountCents: number;
  attempt: number;
  description: string;
  idempotencyKey: string;
};

/** The next period of a claimed subscription, its price (the scheduled plan's first) and its key. */
export async function renewalOf(
  deps: BillingDeps,
  claimed: SubscriptionRow,
  { customer, card, plan, billingAddress }: RenewalContext,
  { staffRetry, now }: { staffRetry: boolean; now: Date },
): Promise<Renewal> {
  const periodStart = claimed.currentPeriodEnd;
  const periodEnd = nextPeriodEnd(periodStart);
  const attempt = claimed.failedAttempts + 1;
  // One key per period and attempt: a crashed or repeated run gets the same single charge back. A staff
  // retry counts its own attempts (the declined ones recorded so far), so a retry whose outcome a crash
  // lost is asked again under the same key.
  const idempotencyKey = staffRetry
    ? `renewal:${claimed.id}:${periodStart.toISOString()}:staff:${(await staffRetriesOf(deps, claimed.id, periodStart)) + 1}`
    : `renewal:${claimed.id}:${periodStart.toISOString()}:${attempt}`;
  return {
    claimed,
    customer,
    card,
    plan,
    billedTo: identityOf(customer, billingAddress),
    staffRetry,
    now,
    periodStart,
    periodEnd,
    amountCents: plan?.priceCents ?? claimed.priceCents,
    attempt,
    description: periodDescription(plan?.name ?? claimed.planId, periodStart, periodEnd),
    idempotencyKey,
  };
}

/** The period's charge on the default card, outside any transaction; without a card, a failure. */
export async function chargeRenewal(deps: BillingDeps, renewal: Renewal): Promise<ChargeResult> {
  const { customer, card, claimed } = renewal;
  if (!card)
    return { status: 'failed', ref: null, message: 'No payment method on file.', code: 'no_payment_method' };
  return deps.provider.charge({
    customerRef: await ensureProviderCustomer(deps, customer),
    paymentMethodRef: card.providerRef,
    amountCents: renewal.amountCents,
    description: renewal.description,
    idempotencyKey: renewal.idempotencyKey,
    metadata: { customerId: customer.id, subscriptionId: claimed.id },
  });
}

/** The period's invoice as the renewal issues it: one line for the period, at the period's price. */
export function periodInvoiceLine(renewal: Renewal) {
  return {
    description: renewal.description,
    periodStart: renewal.periodStart.toISOString(),
    periodEnd: renewal.periodEnd.toISOString(),
  };
}

export type RecordedRenewal = { renewal: Renewal; sub: SubscriptionRow; earlier: InvoiceRow | undefined };

/** How many staff retries of this period were declined and recorded. */
export async function staffRetriesOf(
  deps: BillingDeps,
  subscriptionId: string,
  periodStart: Date,
): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(like(payments.idempotencyKey, `renewal:${subscriptionId}:${periodStart.toISOString()}:staff:%`));
  return row?.n ?? 0;
}

/** What a renewal reads before its charge: the customer, default card, coming period's plan, billing address. */
export type RenewalContext = {
  customer: CustomerRow;
  card: PaymentMethodRow | null;
  plan: PlanRow | null;
  billingAddress: (typeof customerSettings.$inferSelect)['billingAddress'] | null;
};

/**
 * The renewal context of several claimed subscriptions in one query, by subscription id (the billing
 * job reads a whole claimed batch at once). The plan is the scheduled one when a change is due.
 */
export async function renewalContexts(
  db: Executor,
  subs: Pick<SubscriptionRow, 'id'>[],
): Promise<Map<string, RenewalContext>> {
  const rows =
    subs.length === 0
      ? []
      : await db
          .select({
            subscriptionId: subscriptions.id,
            customer: customers,
            card: paymentMethods,
            plan: plans,
            billingAddress: customerSettings.billingAddress,
          })
          .from(subscriptions)
          .innerJoin(customers, eq(customers.id, subscriptions.customerId))
          .leftJoin(
            paymentMethods,
            and(eq(paymentMethods.customerId, customers.id), eq(paymentMethods.isDefault, true)),
          )
          .leftJoin(
            plans,
            eq(plans.id, sql`coalesce(${subscriptions.scheduledPlanId}, ${subscriptions.planId})`),
          )
          .leftJoin(customerSettings, eq(customerSettings.customerId, customers.id))
          .where(
            inArray(
              subscriptions.id,
              subs.map((sub) => sub.id),
            ),
          );
  return new Map(rows.map(({ subscriptionId, ...context }) => [subscriptionId, context]));
}

export async function renewalContext(deps: BillingDeps, sub: SubscriptionRow): Promise<RenewalContext> {
  const context = (await renewalContexts(deps.db, [sub])).get(sub.id);
  if (!context) throw new Error(`subscription ${sub.id} has no customer`);
  return context;
}

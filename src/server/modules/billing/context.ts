import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Executor } from '../../db/client';
import {
  customerSettings,
  customers,
  paymentMethods,
  payments,
  plans,
  subscriptions,
  type BillingAddress,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { customerContext, type RequestContext } from '../../http/request-context';
import type { PaymentProvider } from '../../integrations/payments/provider';
import type { Mailer } from '../email-events/mailer';

export type BillingDeps = {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  appName: string;
  /** The outbox writer: receipts and failed payments are queued with the payment's transaction. */
  mail: Mailer;
};

/** A customer's request that reaches the card processor: the request context and the provider. */
export type BillingContext = RequestContext & { provider: PaymentProvider; mail: Mailer };

export const billingContext = (request: FastifyRequest, billing: BillingDeps): BillingContext => ({
  ...customerContext(request, billing),
  provider: billing.provider,
  mail: billing.mail,
});

export type CustomerRow = typeof customers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** A plan by id, deleted or not: customers keep a deleted plan and its price. */
export async function planById(exec: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await exec.select().from(plans).where(eq(plans.id, id));
  return row;
}

export async function lockSubscription(tx: Executor, customerId: string): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .for('update');
  if (!row) throw notFound('This account has no subscription');
  return row;
}

export async function subscriptionOf(
  exec: Executor,
  customerId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await exec.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
  return row;
}

export async function customerById(exec: Executor, customerId: string): Promise<CustomerRow> {
  const [row] = await exec.select().from(customers).where(eq(customers.id, customerId));
  if (!row) throw notFound('Customer not found');
  return row;
}

export async function defaultPaymentMethod(
  exec: Executor,
  customerId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await exec
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.isDefault, true)));
  return row;
}

/** The provider's customer record, created on first need and remembered. */
export async function ensureProviderCustomer(
  deps: { db: Executor; provider: PaymentProvider },
  customer: CustomerRow,
): Promise<string> {
  if (customer.providerCustomerRef) return customer.providerCustomerRef;
  const ref = await deps.provider.createCustomer({
    customerId: customer.id,
    email: customer.billingEmail ?? customer.email,
    name: customer.companyName,
  });
  await deps.db.update(customers).set({ providerCustomerRef: ref }).where(eq(customers.id, customer.id));
  return ref;
}

/** Moves the customer and the subscription onto a plan (limits follow the plan). */
export async function applyPlan(tx: Executor, customerId: string, plan: PlanRow, now: Date): Promise<void> {
  await tx
    .update(customers)
    .set({ planId: plan.id, carLimit: plan.vehicleLimit, userLimit: plan.userLimit, updatedAt: now })
    .where(eq(customers.id, customerId));
  await tx
    .update(subscriptions)
    .set({ planId: plan.id, priceCents: plan.priceCents, updatedAt: now })
    .where(eq(subscriptions.customerId, customerId));
}

/**
 * The account's own status, which follows its subscription's (active, pending, cancelled), except
 * while staff hold it suspended: only staff lift a suspension (reactivate), so billing never does.
 */
export async function setCustomerStatus(
  tx: Executor,
  customerId: string,
  status: 'active' | 'pending' | 'cancelled',
  now: Date,
): Promise<void> {
  await tx
    .update(customers)
    .set({ status, updatedAt: now })
    .where(and(eq(customers.id, customerId), ne(customers.status, 'suspended')));
}

/** Whom an invoice is made out to, copied onto it when it is issued. */
export type BillingIdentity = {
  billingName: string;
  billingEmail: string;
  billingAddress: BillingAddress | null;
};

/** The company's name, its billing email (else its login email) and the address in its settings. */
export const identityOf = (
  customer: Pick<CustomerRow, 'companyName' | 'billingEmail' | 'email'>,
  billingAddress: BillingAddress | null,
): BillingIdentity => ({
  billingName: customer.companyName,
  billingEmail: customer.billingEmail ?? customer.email,
  billingAddress,
});

export async function billingIdentity(exec: Executor, customer: CustomerRow): Promise<BillingIdentity> {
  const [settings] = await exec
    .select({ billingAddress: customerSettings.billingAddress })
    .from(customerSettings)
    .where(eq(customerSettings.customerId, customer.id));
  return identityOf(customer, settings?.billingAddress ?? null);
}

export async function paymentByKey(exec: Executor, idempotencyKey: string) {
  const [row] = await exec.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
  return row;
}

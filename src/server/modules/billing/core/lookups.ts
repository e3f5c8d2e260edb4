import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customers, paymentMethods, payments, plans, subscriptions } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { CustomerRow, PaymentMethodRow, PlanRow, SubscriptionRow } from './rows';

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

export async function paymentByKey(exec: Executor, idempotencyKey: string) {
  const [row] = await exec.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey));
  return row;
}

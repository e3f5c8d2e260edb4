import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BillingAddressInput, BillingInfo } from '../../../../shared/contracts/portal';
import {
  customerSettings,
  customers,
  invoices,
  paymentMethods,
  plans,
  subscriptions,
} from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { toInvoiceView, type InvoiceJson } from '../invoices/customer-invoices';
import type { CustomerContext } from '../../../http/request-context';

/** The newest invoices come with billing info; the full list is paged (GET /api/customer/invoices). */
const INVOICES_IN_BILLING_INFO = 12;

type CardJson = {
  id: string;
  isDefault: boolean;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};
const scheduledPlans = alias(plans, 'scheduled_plan');

/** Billing info in one query (two with the session lookup), cards and newest invoices aggregated. */
export async function billingInfo({ db, account, provider }: CustomerContext): Promise<BillingInfo> {
  const [row] = await db
    .select({
      customer: customers,
      subscription: subscriptions,
      plan: plans,
      scheduled: scheduledPlans,
      billingAddress: customerSettings.billingAddress,
      cards: sql<
        CardJson[]
      >`(select coalesce(json_agg(json_build_object('id', pm.id, 'isDefault', pm.is_default, 'brand', pm.brand, 'last4', pm.last4, 'expMonth', pm.exp_month, 'expYear', pm.exp_year) order by pm.is_default desc, pm.created_at desc), '[]'::json)
        from ${paymentMethods} pm where pm.customer_id = ${customers.id})`,
      invoices: sql<
        InvoiceJson[]
      >`(select coalesce(json_agg(json_build_object('id', i.id, 'number', i.number, 'issuedAt', i.issued_at, 'status', i.status, 'totalCents', i.total_cents, 'currency', i.currency, 'description', i.lines->0->>'description') order by i.issued_at desc, i.number desc), '[]'::json)
        from (select * from ${invoices} where ${invoices.customerId} = ${customers.id} order by ${invoices.issuedAt} desc, ${invoices.number} desc limit ${INVOICES_IN_BILLING_INFO}) i)`,
    })
    .from(customers)
    .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
    .leftJoin(plans, eq(plans.id, sql`coalesce(${subscriptions.planId}, ${customers.planId})`))
    .leftJoin(scheduledPlans, eq(scheduledPlans.id, subscriptions.scheduledPlanId))
    .leftJoin(customerSettings, eq(customerSettings.customerId, customers.id))
    .where(account.isAccount);
  if (!row) throw notFound('Customer not found');
  const { customer, subscription: sub, plan, scheduled } = row;
  const cards = row.cards;
  const recentInvoices = row.invoices.map((i) => ({ ...i, issuedAt: new Date(i.issuedAt) }));
  const identity = {
    billingEmail: customer.billingEmail ?? customer.email,
    billingAddress: row.billingAddress ?? null,
  };
  const charging = sub && ['trialing', 'active', 'past_due'].includes(sub.status) && !sub.cancelAtPeriodEnd;
  const nextPrice = scheduled?.priceCents ?? plan?.priceCents ?? sub?.priceCents ?? 0;
  return {
    currentPlan: {
      id: plan?.id ?? customer.planId ?? 'none',
      name: plan?.name ?? 'No plan',
      price: (sub?.priceCents ?? plan?.priceCents ?? 0) / 100,
      interval: 'month',
    },
    subscriptionStatus: sub?.status ?? 'none',
    status: customer.status,
    trialEndsAt: sub?.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: sub?.currentPeriodEnd.toISOString() ?? null,
    nextBillingDate: charging
      ? ((sub.status === 'past_due' ? sub.nextActionAt : sub.currentPeriodEnd)?.toISOString() ?? null)
      : null,
    nextBillingAmount: charging ? nextPrice / 100 : null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    scheduledPlan: scheduled
      ? { id: scheduled.id, name: scheduled.name, price: scheduled.priceCents / 100 }
      : null,
    paymentMethods: cards.map((c) => ({
      id: c.id,
      isDefault: c.isDefault,
      brand: c.brand,
      last4: c.last4,
      expMonth: c.expMonth,
      expYear: c.expYear,
      card: { brand: c.brand, last4: c.last4, exp_month: c.expMonth, exp_year: c.expYear },
    })),
    invoices: recentInvoices.map(toInvoiceView),
    billingEmail: identity.billingEmail,
    billingAddress: identity.billingAddress as BillingAddressInput | null,
    payment: provider.clientConfig(),
  };
}

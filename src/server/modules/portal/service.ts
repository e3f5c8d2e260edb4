import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_CUSTOMER_SETTINGS,
  customerSettings as settingsSchema,
  type BillingAddressInput,
  type BillingInfo,
  type CustomerProfile,
  type CustomerSettings,
} from '../../../shared/contracts/portal';
import { toPage, type PageRequest } from '../../../shared/contracts/common';
import {
  activities,
  auditLogs,
  customerSettings,
  customers,
  invoices,
  paymentMethods,
  payments,
  plans,
  subscriptions,
  teamMembers,
  vehicles,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { inTransaction, type RequestContext } from '../../http/request-context';
import { recordAudit } from '../audit/service';
import { toCustomerIdentity } from '../auth/service';
import { billingIdentity, customerById, subscriptionOf, type BillingContext } from '../billing/context';
import { recordActivity } from '../notifications/service';
import { CUSTOMER_IDLE_TIMEOUTS, setAccountIdleTimeout } from '../../auth/sessions';

const RECENT_ACTIVITY = 10;
/** The newest invoices come with billing info; the full list is paged (GET /api/customer/invoices). */
const INVOICES_IN_BILLING_INFO = 12;

export const invoicePdfUrl = (id: string) => `/api/customer/invoices/${id}/pdf`;

type ActivityJson = { id: string; action: string; description: string; createdAt: string };

/**
 * The portal's profile in one query (with the session lookup, two per request: docs/architecture.md): usage
 * counts and the recent activity come as subselects instead of their own round trips.
 */
export async function customerProfile({ db, account }: RequestContext): Promise<CustomerProfile> {
  const [row] = await db
    .select({
      customer: customers,
      plan: plans,
      subscription: subscriptions,
      vehicles:
        sql<number>`(select count(*) from ${vehicles} where ${vehicles.customerId} = ${customers.id} and ${vehicles.status} <> 'retired')`.mapWith(
          Number,
        ),
      activeVehicles:
        sql<number>`(select count(*) from ${vehicles} where ${vehicles.customerId} = ${customers.id} and ${vehicles.status} = 'active')`.mapWith(
          Number,
        ),
      teamMembers:
        sql<number>`(select count(*) from ${teamMembers} where ${teamMembers.customerId} = ${customers.id})`.mapWith(
          Number,
        ),
      recent: sql<
        ActivityJson[]
      >`(select coalesce(json_agg(json_build_object('id', a.id, 'action', a.action, 'description', a.description, 'createdAt', a.created_at) order by a.created_at desc), '[]'::json)
        from (select * from ${activities} where ${activities.customerId} = ${customers.id} order by ${activities.createdAt} desc limit ${RECENT_ACTIVITY}) a)`,
    })
    .from(customers)
    .leftJoin(plans, eq(plans.id, customers.planId))
    .leftJoin(subscriptions, eq(subscriptions.customerId, customers.id))
    .where(account.isAccount);
  if (!row) throw notFound('Customer not found');
  const usage = { vehicles: row.vehicles, activeVehicles: row.activeVehicles, users: 1 + row.teamMembers };
  const recent = row.recent;
  const { customer: c, plan, subscription: s } = row;
  return {
    ...toCustomerIdentity(c),
    role: c.role,
    planId: c.planId,
    planName: plan?.name ?? null,
    planPrice: s ? s.priceCents / 100 : plan ? plan.priceCents / 100 : null,
    planInterval: 'month',
    status: c.status,
    subscriptionStatus: s?.status ?? 'none',
    trialEndsAt: s?.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: s?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: s?.cancelAtPeriodEnd ?? false,
    scheduledPlanId: s?.scheduledPlanId ?? null,
    currentCars: usage.vehicles,
    carLimit: plan?.vehicleLimit ?? c.carLimit,
    currentUsers: usage.users,
    userLimit: plan?.userLimit ?? c.userLimit,
    usageStats: {
      vehicleUtilization:
        usage.vehicles === 0 ? 0 : Math.round((usage.activeVehicles / usage.vehicles) * 100),
      activeVehicles: usage.activeVehicles,
      totalVehicles: usage.vehicles,
    },
    recentActivity: recent.map((a) => ({ ...a, createdAt: new Date(a.createdAt).toISOString() })),
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    country: c.country,
    externalAuth: false,
    isPasswordSet: c.isPasswordSet,
    lastPasswordChange: c.lastPasswordChange?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

type CardJson = {
  id: string;
  isDefault: boolean;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};
type InvoiceJson = {
  id: string;
  number: string;
  issuedAt: string;
  status: string;
  totalCents: number;
  currency: string;
  description: string | null;
};

const scheduledPlans = alias(plans, 'scheduled_plan');

/** Billing info in one query (two with the session lookup), cards and newest invoices aggregated. */
export async function billingInfo({ db, account, provider }: BillingContext): Promise<BillingInfo> {
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

export async function paymentHistory({ account }: RequestContext, request: PageRequest) {
  const { page, pageSize } = request;
  const { rows, total } = await account.page(payments, request, [
    desc(payments.createdAt),
    desc(payments.id),
  ]);
  return {
    success: true as const,
    payments: rows.map((p) => ({
      id: p.id,
      description: p.description,
      created: p.createdAt.toISOString(),
      status: p.status as 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'pending',
      amount: p.amountCents / 100,
      currency: p.currency.toUpperCase(),
      receipt_url: p.invoiceId && p.status !== 'failed' ? invoicePdfUrl(p.invoiceId) : null,
      failureMessage: p.failureMessage,
    })),
    total,
    page,
    pageSize,
    message: rows.length === 0 && page === 1 ? 'No transactions yet.' : `${total} transactions`,
  };
}

export async function loadSettings({ account }: RequestContext): Promise<CustomerSettings> {
  const [row] = await account.select(customerSettings);
  const parsed = settingsSchema.partial().safeParse(row?.settings ?? {});
  return { ...DEFAULT_CUSTOMER_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export async function saveSettings(
  ctx: RequestContext,
  settings: CustomerSettings,
  mode: 'auto' | 'manual',
): Promise<CustomerSettings> {
  const customerId = ctx.accountId;
  return inTransaction(ctx, async (tx) => {
    const before = await loadSettings(tx);
    await tx.account.insert(customerSettings, { settings }).onConflictDoUpdate({
      target: customerSettings.customerId,
      set: { settings, updatedAt: tx.clock.now() },
    });
    const changed = Object.fromEntries(
      Object.entries(settings).filter(([k, v]) => before[k as keyof CustomerSettings] !== v),
    );
    // The server enforces the timeout: every open session of the account takes the saved one now.
    // Even when the setting looks unchanged: `before` is read without a lock, and a session signed in
    // while an earlier save ran (or before sessions had idle timeouts) may hold another value.
    await setAccountIdleTimeout(tx.db, customerId, CUSTOMER_IDLE_TIMEOUTS[settings.sessionTimeout]);
    await recordAudit(tx.db, tx.actor, {
      action: 'update',
      resourceType: 'settings',
      resourceId: customerId,
      oldValues: Object.fromEntries(
        Object.keys(changed).map((k) => [k, before[k as keyof CustomerSettings]]),
      ),
      newValues: { ...changed, mode },
    });
    return settings;
  });
}

type CustomerRow = typeof customers.$inferSelect;

/**
 * A change to the account's billing identity, with its activity and its audit row, in one
 * transaction; `change` makes it and answers the values it replaced.
 */
function changeBillingIdentity(
  ctx: RequestContext,
  what: string,
  newValues: Record<string, unknown>,
  change: (tx: RequestContext, customer: CustomerRow) => Promise<Record<string, unknown>>,
) {
  return inTransaction(ctx, async (tx) => {
    const customer = await customerById(tx.db, tx.accountId);
    const oldValues = await change(tx, customer);
    await recordActivity(tx.db, customer, {
      action: 'customer_updated',
      description: `${customer.companyName} changed the ${what}`,
    });
    await recordAudit(tx.db, tx.actor, {
      action: 'update',
      resourceType: 'customer',
      resourceId: tx.accountId,
      oldValues,
      newValues,
    });
  });
}

export async function updateBillingEmail(ctx: RequestContext, newEmail: string) {
  await changeBillingIdentity(ctx, 'billing email', { billingEmail: newEmail }, async (tx, customer) => {
    await tx.account.updateAccount({ billingEmail: newEmail, updatedAt: tx.clock.now() });
    return { billingEmail: customer.billingEmail ?? customer.email };
  });
}

export async function updateBillingAddress(ctx: RequestContext, address: BillingAddressInput) {
  await changeBillingIdentity(ctx, 'billing address', { billingAddress: address }, async (tx, customer) => {
    const before = (await billingIdentity(tx.db, customer)).billingAddress;
    await tx.account
      .insert(customerSettings, { settings: DEFAULT_CUSTOMER_SETTINGS, billingAddress: address })
      .onConflictDoUpdate({
        target: customerSettings.customerId,
        set: { billingAddress: address, updatedAt: tx.clock.now() },
      });
    return { billingAddress: before };
  });
}

export async function invoicePage({ account }: RequestContext, request: PageRequest) {
  const { rows, total } = await account.page(invoices, request, [
    desc(invoices.issuedAt),
    desc(invoices.number),
  ]);
  const items = rows.map((i) => toInvoiceView({ ...i, description: i.lines[0]?.description ?? null }));
  return toPage(request, items, total);
}

function toInvoiceView(i: Omit<InvoiceJson, 'issuedAt'> & { issuedAt: Date }) {
  return {
    id: i.id,
    number: i.number,
    date: i.issuedAt.toISOString(),
    status: i.status as 'paid' | 'open' | 'void' | 'refunded',
    amount: i.totalCents / 100,
    currency: i.currency.toUpperCase(),
    description: i.description ?? 'Subscription',
    pdf_url: invoicePdfUrl(i.id),
  };
}

export async function invoiceOf({ account }: RequestContext, invoiceId: string) {
  const [row] = await account.select(invoices, eq(invoices.id, invoiceId));
  return row;
}

export async function latestInvoice({ account }: RequestContext) {
  const [row] = await account
    .select(invoices, sql`${invoices.status} <> 'void'`)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(1);
  return row;
}

/** Everything we hold about the customer, as one JSON document (Download Data). */
export async function exportCustomerData(ctx: RequestContext) {
  const { db, account: mine, accountId: customerId } = ctx;
  const customer = await customerById(db, customerId);
  const { passwordHash: _hash, ...account } = customer;
  const [subscription, cards, allInvoices, allPayments, settings, fleet, team, activity, audit] =
    await Promise.all([
      subscriptionOf(db, customerId),
      mine.select(paymentMethods),
      mine.select(invoices).orderBy(desc(invoices.issuedAt)),
      mine.select(payments).orderBy(desc(payments.createdAt)),
      mine.select(customerSettings),
      mine.select(vehicles),
      db
        .select({
          id: teamMembers.id,
          email: teamMembers.email,
          firstName: teamMembers.firstName,
          lastName: teamMembers.lastName,
          role: teamMembers.role,
          createdAt: teamMembers.createdAt,
        })
        .from(teamMembers)
        .where(mine.where(teamMembers)),
      mine.select(activities).orderBy(desc(activities.createdAt)),
      // The audit trail is not an owned table: the account's rows are the ones it made or names.
      db
        .select()
        .from(auditLogs)
        .where(
          sql`${auditLogs.actorId} = ${customerId} or (${auditLogs.resourceType} = 'customer' and ${auditLogs.resourceId} = ${customerId})`,
        )
        .orderBy(desc(auditLogs.createdAt))
        .limit(5000),
    ]);
  return {
    exportedAt: ctx.clock.now().toISOString(),
    account,
    subscription: subscription ?? null,
    paymentMethods: cards.map(({ providerRef: _ref, ...card }) => card),
    invoices: allInvoices,
    payments: allPayments.map(({ idempotencyKey: _key, ...p }) => p),
    settings: settings[0] ?? null,
    vehicles: fleet,
    teamMembers: team,
    activity,
    auditTrail: audit,
  };
}

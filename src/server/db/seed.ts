import { eq, sql } from 'drizzle-orm';
import { defaultPermissionsFor, type StaffRole } from '../../shared/roles';
import { DEFAULT_PLAN_FEATURES, type PlanFeatures } from '../../shared/contracts/plans';
import { hashPassword } from '../auth/passwords';
import { nextPeriodEnd } from '../modules/billing/periods';
import { createInvoice } from '../modules/billing/invoices';
import type { Db, Executor } from './client';
import {
  activities,
  appMeta,
  auditLogs,
  customers,
  paymentMethods,
  payments,
  plans,
  sandboxPaymentMethods,
  staffUsers,
  subscriptions,
} from './schema';

export const DEMO_PASSWORD = 'Motorpool#2026';

export const DEMO_STAFF: { email: string; role: StaffRole; firstName: string; lastName: string }[] = [
  { email: 'admin@motorpool.local', role: 'admin', firstName: 'Avery', lastName: 'Admin' },
  { email: 'manager@motorpool.local', role: 'manager', firstName: 'Morgan', lastName: 'Manager' },
  { email: 'sales@motorpool.local', role: 'sales', firstName: 'Sam', lastName: 'Sales' },
];

export const DEMO_CUSTOMER_EMAIL = 'demo@fleetco.example';

const features = (on: (keyof PlanFeatures)[]): PlanFeatures => ({
  ...DEFAULT_PLAN_FEATURES,
  ...Object.fromEntries(on.map((f) => [f, true])),
});

export const DEMO_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'Perfect for small fleets',
    priceCents: 12_000,
    vehicleLimit: 5,
    userLimit: 3,
    features: features(['vehicleTracking', 'maintenanceAlerts', 'mobileApp']),
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'Ideal for growing businesses',
    priceCents: 18_900,
    vehicleLimit: 15,
    userLimit: 5,
    features: features([
      'vehicleTracking',
      'maintenanceAlerts',
      'mobileApp',
      'analytics',
      'dataExport',
      'userManagement',
      'geofencing',
    ]),
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Full-scale fleet management',
    priceCents: 29_500,
    vehicleLimit: 50,
    userLimit: 25,
    features: features([
      'vehicleTracking',
      'maintenanceAlerts',
      'mobileApp',
      'analytics',
      'dataExport',
      'userManagement',
      'geofencing',
      'apiAccess',
      'customIntegrations',
      'prioritySupport',
    ]),
  },
];

const SEEDED_KEY = 'demo_seeded_at';

/** Demo data, once per database: a later start (or a second instance) finds the marker and skips. */
/** `sandboxCard`: give the demo customer the sandbox test card (not with Stripe, which would refuse it). */
export async function seedDemoData(
  db: Db,
  options: { sandboxCard: boolean } = { sandboxCard: true },
): Promise<boolean> {
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (seeded) return false; // the common case at start: no hashing, no transaction
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
    if (marker) return false;
    await tx.insert(plans).values(DEMO_PLANS).onConflictDoNothing();
    await tx
      .insert(staffUsers)
      .values(
        DEMO_STAFF.map((s) => ({
          ...s,
          passwordHash,
          permissions: defaultPermissionsFor(s.role),
          isPasswordSet: true,
        })),
      )
      .onConflictDoNothing();
    const now = new Date();
    // The demo account is ten days into a paid month, with a working test card on file.
    const periodStart = new Date(now.getTime() - 10 * 86_400_000);
    const periodEnd = nextPeriodEnd(periodStart);
    const [customer] = await tx
      .insert(customers)
      .values({
        email: DEMO_CUSTOMER_EMAIL,
        passwordHash,
        firstName: 'Dana',
        lastName: 'Fleetwood',
        phone: '+15555550123',
        companyName: 'FleetCo Logistics',
        address: '100 Depot Road',
        city: 'Columbus',
        state: 'OH',
        zipCode: '43004',
        country: 'US',
        planId: 'professional',
        status: 'active',
        carLimit: 15,
        userLimit: 5,
        isPasswordSet: true,
        lastPasswordChange: now,
      })
      .onConflictDoNothing()
      .returning();
    if (customer) {
      await tx.insert(activities).values({
        action: 'customer_registered',
        description: 'FleetCo Logistics signed up for the Professional plan',
        customerId: customer.id,
        metadata: { planName: 'Professional', customerEmail: DEMO_CUSTOMER_EMAIL },
      });
      await seedDemoBilling(tx, customer, { periodStart, periodEnd }, options.sandboxCard);
    }
    await tx.insert(auditLogs).values({
      actorType: 'system',
      action: 'seed',
      resourceType: 'settings',
      newValues: {
        plans: DEMO_PLANS.map((p) => p.id),
        staff: DEMO_STAFF.map((s) => s.email),
        customers: [DEMO_CUSTOMER_EMAIL],
      },
    });
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() });
    return true;
  });
}

/**
 * The demo customer's billing: an active Professional subscription, the sandbox test card 4242 as
 * default, and the paid invoice of the current month, all as real records the portal reads.
 */
async function seedDemoBilling(
  tx: Executor,
  customer: typeof customers.$inferSelect,
  period: { periodStart: Date; periodEnd: Date },
  sandboxCard: boolean,
): Promise<void> {
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      customerId: customer.id,
      planId: 'professional',
      status: 'active',
      priceCents: 18_900,
      currentPeriodStart: period.periodStart,
      currentPeriodEnd: period.periodEnd,
      nextActionAt: period.periodEnd,
    })
    .returning();
  if (!sandboxCard) return;
  const customerRef = `cus_sbx_${customer.id.replaceAll('-', '')}`;
  const cardRef = `pm_sbx_demo_${customer.id.slice(0, 8)}`;
  await tx.update(customers).set({ providerCustomerRef: customerRef }).where(eq(customers.id, customer.id));
  await tx.insert(sandboxPaymentMethods).values({
    id: cardRef,
    customerRef,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: period.periodStart.getUTCFullYear() + 3,
    behaviour: 'succeeds',
  });
  const [card] = await tx
    .insert(paymentMethods)
    .values({
      customerId: customer.id,
      provider: 'sandbox',
      providerRef: cardRef,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: period.periodStart.getUTCFullYear() + 3,
      isDefault: true,
    })
    .returning();
  const invoice = await createInvoice(tx, {
    customerId: customer.id,
    subscriptionId: subscription!.id,
    kind: 'subscription',
    status: 'paid',
    lines: [{ description: 'Professional plan, monthly', amountCents: 18_900 }],
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    billingName: customer.companyName,
    billingEmail: customer.email,
    billingAddress: null,
    issuedAt: period.periodStart,
  });
  await tx.insert(payments).values({
    customerId: customer.id,
    subscriptionId: subscription!.id,
    invoiceId: invoice.id,
    amountCents: 18_900,
    status: 'succeeded',
    description: 'Professional plan, monthly',
    provider: 'sandbox',
    providerRef: `ch_sbx_demo_${customer.id.slice(0, 8)}`,
    paymentMethodId: card!.id,
    idempotencyKey: `demo:${customer.id}:first-period`,
    planId: 'professional',
    createdAt: period.periodStart,
  });
}

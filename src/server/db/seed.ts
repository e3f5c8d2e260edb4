import { eq, sql } from 'drizzle-orm';
import { defaultPermissionsFor, type Permissions, type StaffRole } from '../../shared/roles';
import { TRIAL_DAYS } from '../../shared/constants';
import { DEFAULT_PLAN_FEATURES, type PlanFeatures } from '../../shared/contracts/plans';
import { isoDay } from '../../shared/days';
import { hashPassword } from '../auth/passwords';
import { nextPeriodEnd, createInvoice } from '../modules/billing';
import type { Db, Executor } from './client';
import {
  activities,
  appMeta,
  auditLogs,
  customers,
  paymentMethods,
  payments,
  plans,
  drivers,
  maintenanceRecords,
  sandboxPaymentMethods,
  staffUsers,
  subscriptions,
  vehicles,
} from './schema';

export const DEMO_PASSWORD = 'Motorpool#2026';

export const DEMO_STAFF: { email: string; role: StaffRole; firstName: string; lastName: string }[] = [
  { email: 'admin@motorpool.local', role: 'admin', firstName: 'Avery', lastName: 'Admin' },
  { email: 'manager@motorpool.local', role: 'manager', firstName: 'Morgan', lastName: 'Manager' },
  { email: 'sales@motorpool.local', role: 'sales', firstName: 'Sam', lastName: 'Sales' },
];

/**
 * Beyond each role's defaults: the demo manager edits customers (the demo shows a manager who does,
 * docs/staff-customers.md) and sees Team Management without changing it (docs/team-management.md);
 * sales keeps the defaults and only views customers.
 */
const DEMO_EXTRA_PERMISSIONS: Partial<Record<StaffRole, Permissions>> = {
  manager: { canEditCustomers: true, canViewTeamManagement: true },
};

export const DEMO_CUSTOMER_EMAIL = 'demo@fleetco.example';

/** The marker db/seed-history.ts writes once the demo's year of billing history is made. */
export const HISTORY_MARKER = 'demo_history_seeded_at';

/** Whether the demo's year of billing history is made yet. */
export async function demoHistorySeeded(db: Db): Promise<boolean> {
  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, HISTORY_MARKER));
  return !!marker;
}

const features = (on: readonly (keyof PlanFeatures)[]): PlanFeatures => ({
  ...DEFAULT_PLAN_FEATURES,
  ...Object.fromEntries(on.map((f) => [f, true])),
});

// Each plan has everything the plan below it has, and more.
const STARTER_FEATURES = ['vehicleTracking', 'maintenanceAlerts', 'mobileApp'] as const;
const PROFESSIONAL_FEATURES = [
  ...STARTER_FEATURES,
  'analytics',
  'dataExport',
  'userManagement',
  'geofencing',
] as const;
const ENTERPRISE_FEATURES = [
  ...PROFESSIONAL_FEATURES,
  'apiAccess',
  'customIntegrations',
  'prioritySupport',
] as const;

export const DEMO_PLANS = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'Perfect for small fleets',
    priceCents: 12_000,
    vehicleLimit: 5,
    userLimit: 3,
    features: features(STARTER_FEATURES),
  },
  {
    id: 'professional',
    name: 'Professional',
    description: 'Ideal for growing businesses',
    priceCents: 18_900,
    vehicleLimit: 15,
    userLimit: 5,
    features: features(PROFESSIONAL_FEATURES),
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'Full-scale fleet management',
    priceCents: 29_500,
    vehicleLimit: 50,
    userLimit: 25,
    features: features(ENTERPRISE_FEATURES),
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
          permissions: { ...defaultPermissionsFor(s.role), ...DEMO_EXTRA_PERMISSIONS[s.role] },
          isPasswordSet: true,
        })),
      )
      .onConflictDoNothing();
    const now = new Date();
    // The demo account is ten days into a paid month, with a working test card on file. It signed up
    // for the trial before that (its first invoice is the end of the trial), so every record of it,
    // invoices, payments and fleet history, comes after its sign-up.
    const periodStart = new Date(now.getTime() - 10 * 86_400_000);
    const periodEnd = nextPeriodEnd(periodStart);
    const signedUpAt = new Date(periodStart.getTime() - TRIAL_DAYS * 86_400_000);
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
        createdAt: signedUpAt,
      })
      .onConflictDoNothing()
      .returning();
    if (customer) {
      await tx.insert(activities).values({
        action: 'customer_registered',
        description: 'FleetCo Logistics signed up for the Professional plan',
        customerId: customer.id,
        metadata: { planName: 'Professional', customerEmail: DEMO_CUSTOMER_EMAIL },
        createdAt: signedUpAt,
      });
      await seedDemoBilling(tx, customer, { periodStart, periodEnd, signedUpAt }, options.sandboxCard);
      await seedDemoFleet(tx, customer.id, now);
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
  period: { periodStart: Date; periodEnd: Date; signedUpAt: Date },
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
      // The trial it started at sign-up ended when the first paid period began.
      trialEndsAt: period.periodStart,
      createdAt: period.signedUpAt,
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

const DEMO_VEHICLES = [
  {
    make: 'Ford',
    model: 'Transit 250',
    year: 2022,
    vin: '1FTBR1C80NKA10001',
    licensePlate: 'FLT-101',
    status: 'active',
    mileage: 38_210,
    fuelLevel: 72,
    location: 'Columbus depot',
  },
  {
    make: 'Ford',
    model: 'Transit 350',
    year: 2021,
    vin: '1FTBW2CM5MKA10002',
    licensePlate: 'FLT-102',
    status: 'active',
    mileage: 52_904,
    fuelLevel: 45,
    location: 'I-70 westbound',
  },
  {
    make: 'Mercedes-Benz',
    model: 'Sprinter 2500',
    year: 2023,
    vin: 'W1Y4ECHY5PT100003',
    licensePlate: 'FLT-103',
    status: 'active',
    mileage: 14_377,
    fuelLevel: 88,
    location: 'Dayton',
  },
  {
    make: 'Ram',
    model: 'ProMaster 2500',
    year: 2020,
    vin: '3C6TRVDG0LE100004',
    licensePlate: 'FLT-104',
    status: 'maintenance',
    mileage: 81_560,
    fuelLevel: 20,
    location: 'Workshop',
  },
  {
    make: 'Chevrolet',
    model: 'Express 2500',
    year: 2019,
    vin: '1GCWGAFP2K1100005',
    licensePlate: 'FLT-105',
    status: 'active',
    mileage: 97_015,
    fuelLevel: 63,
    location: 'Cincinnati',
  },
  {
    make: 'Isuzu',
    model: 'NPR-HD',
    year: 2021,
    vin: 'JALC4W162M7100006',
    licensePlate: 'FLT-106',
    status: 'active',
    mileage: 61_230,
    fuelLevel: 54,
    location: 'Columbus depot',
  },
  {
    make: 'Freightliner',
    model: 'M2 106',
    year: 2018,
    vin: '1FVACWDT0JHJ10007',
    licensePlate: 'FLT-107',
    status: 'inactive',
    mileage: 143_880,
    fuelLevel: 35,
    location: 'Yard B',
  },
  {
    make: 'Toyota',
    model: 'Tacoma',
    year: 2022,
    vin: '3TMCZ5AN0NM100008',
    licensePlate: 'FLT-108',
    status: 'active',
    mileage: 27_402,
    fuelLevel: 91,
    location: 'Field team',
  },
  {
    make: 'Ford',
    model: 'F-150',
    year: 2020,
    vin: '1FTEW1EP0LKD10009',
    licensePlate: 'FLT-109',
    status: 'active',
    mileage: 74_118,
    fuelLevel: 12,
    location: 'Toledo',
  },
  {
    make: 'Nissan',
    model: 'NV200',
    year: 2017,
    vin: '3N6CM0KN0HK100010',
    licensePlate: 'FLT-110',
    status: 'retired',
    mileage: 188_450,
    fuelLevel: 0,
    location: null,
  },
  {
    make: 'Hino',
    model: '268A',
    year: 2019,
    vin: '5PVNJ8JV0K4S10011',
    licensePlate: 'FLT-111',
    status: 'maintenance',
    mileage: 119_760,
    fuelLevel: 40,
    location: 'Workshop',
  },
  {
    make: 'Mercedes-Benz',
    model: 'Metris',
    year: 2021,
    vin: 'WD4PG2EE0M3100012',
    licensePlate: 'FLT-112',
    status: 'active',
    mileage: 33_590,
    fuelLevel: 77,
    location: 'Columbus depot',
  },
] as const;

/** The demo account's fleet: a dozen vehicles in mixed states, drivers, and one overdue service. */
async function seedDemoFleet(tx: Executor, customerId: string, now: Date): Promise<void> {
  const fleet = await tx
    .insert(vehicles)
    .values(DEMO_VEHICLES.map((v) => ({ ...v, customerId, lastUpdate: now })))
    .returning({ id: vehicles.id, plate: vehicles.licensePlate });
  const byPlate = new Map(fleet.map((v) => [v.plate, v.id]));
  // Each driver their own number, from the 555-0100 to 555-0199 range kept for fiction.
  const people = [
    ['Maria Lopez', 'maria.lopez@fleetco.example', '+16145550101', 'OH-D1234567', 'FLT-101'],
    ['James Carter', 'james.carter@fleetco.example', '+16145550102', 'OH-D2345678', 'FLT-102'],
    ['Aisha Khan', 'aisha.khan@fleetco.example', '+16145550103', 'OH-D3456789', 'FLT-103'],
    ['Tom Becker', 'tom.becker@fleetco.example', '+16145550104', 'OH-D4567890', 'FLT-105'],
    ['Lena Novak', 'lena.novak@fleetco.example', '+16145550105', 'OH-D5678901', null],
    ['Omar Haddad', 'omar.haddad@fleetco.example', '+16145550106', 'OH-D6789012', null],
  ] as const;
  await tx.insert(drivers).values(
    people.map(([name, email, phone, licenseNumber, plate]) => ({
      customerId,
      name,
      email,
      licenseNumber,
      phone,
      status: 'active' as const,
      assignedVehicleId: plate ? byPlate.get(plate)! : null,
    })),
  );
  const day = 86_400_000;
  await tx.insert(maintenanceRecords).values([
    {
      customerId,
      vehicleId: byPlate.get('FLT-105')!,
      type: 'Brake inspection',
      dueDate: isoDay(new Date(now.getTime() - 6 * day)),
      costCents: null,
    },
    {
      customerId,
      vehicleId: byPlate.get('FLT-101')!,
      type: 'Oil change',
      dueDate: isoDay(new Date(now.getTime() + 9 * day)),
      dueMileage: 40_000,
    },
    { customerId, vehicleId: byPlate.get('FLT-106')!, type: 'Tire rotation', dueMileage: 65_000 },
    {
      customerId,
      vehicleId: byPlate.get('FLT-104')!,
      type: 'Transmission service',
      dueDate: isoDay(new Date(now.getTime() + 3 * day)),
      notes: 'In the workshop since Monday',
    },
    {
      customerId,
      vehicleId: byPlate.get('FLT-103')!,
      type: 'Annual inspection',
      // Within the account's life (it signed up 24 days ago).
      dueDate: isoDay(new Date(now.getTime() - 20 * day)),
      completedDate: isoDay(new Date(now.getTime() - 18 * day)),
      costCents: 18_500,
    },
  ]);
}

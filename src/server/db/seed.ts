import { eq, sql } from 'drizzle-orm';
import { defaultPermissionsFor, type Permissions, type StaffRole } from '../../shared/roles';
import { TRIAL_DAYS } from '../../shared/constants';
import { DEFAULT_PLAN_FEATURES, type PlanFeatures } from '../../shared/contracts/plans';
import { hashPassword } from '../auth/passwords';
import { nextPeriodEnd } from '../modules/billing';
import type { Db } from './client';
import { activities, appMeta, auditLogs, customers, plans, staffUsers } from './schema';
import { seedDemoBilling } from './seed-billing';
import { seedDemoFleet } from './seed-fleet';

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

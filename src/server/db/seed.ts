import { eq, sql } from 'drizzle-orm';
import { defaultPermissionsFor, type StaffRole } from '../../shared/roles';
import { DEFAULT_PLAN_FEATURES, type PlanFeatures } from '../../shared/contracts/plans';
import { hashPassword } from '../auth/passwords';
import type { Db } from './client';
import { activities, appMeta, auditLogs, customers, plans, staffUsers } from './schema';

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
    features: features(['vehicleTracking', 'maintenanceAlerts', 'mobileApp', 'analytics', 'dataExport', 'userManagement', 'geofencing']),
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
export async function seedDemoData(db: Db): Promise<boolean> {
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
    const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
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
        subscriptionStatus: 'active',
        currentPeriodEnd: periodEnd,
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
    }
    await tx.insert(auditLogs).values({
      actorType: 'system',
      action: 'seed',
      resourceType: 'settings',
      newValues: { plans: DEMO_PLANS.map((p) => p.id), staff: DEMO_STAFF.map((s) => s.email), customers: [DEMO_CUSTOMER_EMAIL] },
    });
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() });
    return true;
  });
}

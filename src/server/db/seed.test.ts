import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { DEMO_CUSTOMER_EMAIL } from './seed';
import { activities, customers, invoices, maintenanceRecords, payments, subscriptions } from './schema';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives each demo driver a phone number of their own', async () => {
    const demo = await t.customerSession(DEMO_CUSTOMER_EMAIL);
    const res = await t.get(demo, '/api/fleet/drivers?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json<{ items: { name: string; phone: string | null }[] }>();
    expect(items.length).toBeGreaterThanOrEqual(6);
    const phones = items.map((d) => d.phone);
    expect(phones.every((p) => p && /^\+1\d{10}$/.test(p))).toBe(true);
    expect(new Set(phones).size).toBe(items.length);
  });

  it('signs the demo customer up before anything of theirs happened: first invoice, payment, fleet history', async () => {
    const db = t.database.db;
    const [demo] = await db.select().from(customers).where(eq(customers.email, DEMO_CUSTOMER_EMAIL));
    const signedUp = demo!.createdAt.getTime();
    const times = [
      ...(await db.select().from(invoices).where(eq(invoices.customerId, demo!.id))).map((i) => i.issuedAt),
      ...(await db.select().from(payments).where(eq(payments.customerId, demo!.id))).map((p) => p.createdAt),
      ...(await db.select().from(subscriptions).where(eq(subscriptions.customerId, demo!.id))).map(
        (s) => s.createdAt,
      ),
      ...(await db.select().from(activities).where(eq(activities.customerId, demo!.id))).map(
        (a) => a.createdAt,
      ),
    ];
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (const time of times) expect(time.getTime()).toBeGreaterThanOrEqual(signedUp);
    expect(Math.min(...times.map((time) => time.getTime()))).toBe(signedUp);
    const maintenance = await db
      .select()
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.customerId, demo!.id));
    for (const record of maintenance) {
      for (const day of [record.dueDate, record.completedDate].filter((d): d is string => !!d)) {
        if (new Date(`${day}T23:59:59Z`).getTime() < Date.now())
          expect(new Date(`${day}T23:59:59Z`).getTime(), day).toBeGreaterThanOrEqual(signedUp);
      }
    }
  });
});

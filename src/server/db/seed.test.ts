import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { DEMO_CUSTOMER_EMAIL } from './seed';

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
});

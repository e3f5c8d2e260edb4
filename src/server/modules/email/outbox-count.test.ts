// The outbox list counts at most 10,000 matching messages (src/server/db/bounded-count.ts): past that the
// answer says so (`totalCapped`), so the screen shows "10,000+" rather than a wrong exact figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.staffCookie('admin@motorpool.local');
  await t.database.db.execute(sql`
    insert into email_outbox (template_id, to_email, subject, body_text, status, attempts, next_attempt_at,
      transport, sent_at)
    select 'welcome', 'bulk-' || g || '@count.example', 'Welcome ' || g, 'Hello', 'sent', 1, now(), 'smtp', now()
    from generate_series(1, 10001) g`);
});
afterAll(async () => {
  await t.close();
});

describe('outbox list count', () => {
  it('stops at 10,000 and says the count is capped', async () => {
    const page = (await t.get(admin, '/api/admin/email/outbox?status=sent&page=401')).json();
    expect(page).toMatchObject({ total: 10_000, totalCapped: true, page: 401 });
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('counts exactly under the cap, without the mark', async () => {
    const page = (await t.get(admin, '/api/admin/email/outbox?search=bulk-1000%40count')).json();
    expect(page.total).toBe(1);
    expect(page).not.toHaveProperty('totalCapped');
  });
});

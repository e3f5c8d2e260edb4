// The outbox list's count: exact without a search, from the counts its triggers keep (email_day_totals),
// however many messages there are; a search counts a few pages past the page (src/server/db/bounded-count.ts)
// and says so past that (`totalCapped`), so the screen shows "N+" rather than a wrong exact figure.
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
  it('counts every message of a status exactly, past 10,000, from the kept counts', async () => {
    const sent = async () => (await t.get(admin, '/api/admin/email/outbox?status=sent&page=401')).json();
    const rows = async (status: string) =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from email_outbox where status = ${status}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const page = await sent();
    expect(page.total).toBe(await rows('sent'));
    expect(page.total).toBeGreaterThan(10_000);
    expect(page).not.toHaveProperty('totalCapped');
    expect(page.items.length).toBeGreaterThan(0);
    // A status change moves the count the list shows.
    await t.database.db.execute(sql`update email_outbox set status = 'failed', failed_at = now()
      where to_email = 'bulk-7@count.example'`);
    expect((await sent()).total).toBe(page.total - 1);
    const failed = (await t.get(admin, '/api/admin/email/outbox?status=failed')).json();
    expect(failed.total).toBe(await rows('failed'));
  });

  it('reads no outbox row to count a status', async () => {
    const statements = await t.statementsDuring(() => t.get(admin, '/api/admin/email/outbox?status=sent'));
    const counts = statements.filter((s) => /count\(/i.test(s.sql) || /sum\(/i.test(s.sql));
    expect(counts.map((s) => s.sql).join('\n')).toMatch(/email_day_totals/);
    expect(counts.filter((s) => /from "email_outbox"/.test(s.sql))).toEqual([]);
  });

  it('counts exactly under the cap, without the mark', async () => {
    const page = (await t.get(admin, '/api/admin/email/outbox?search=bulk-1000%40count')).json();
    expect(page.total).toBe(1);
    expect(page).not.toHaveProperty('totalCapped');
  });
});

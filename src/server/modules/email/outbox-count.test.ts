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

describe('outbox search (the stored search text, migration 0032)', () => {
  const tag = `srch${Date.now()}`;
  beforeAll(async () => {
    // Oldest first: an address match, a subject match in other case, a body-only mention, a literal "%".
    await t.database.db.execute(sql`
      insert into email_outbox (template_id, to_email, subject, body_text, status, attempts, next_attempt_at,
        transport, sent_at, created_at)
      values
        ('welcome', ${`ops.${tag}@fleet.example`}, 'Welcome', 'Hello', 'sent', 1, now(), 'smtp', now(), now() - interval '3 minutes'),
        ('welcome', 'someone@fleet.example', ${`Invoice for ${tag.toUpperCase()} Haulage`}, 'Hello', 'sent', 1, now(), 'smtp', now(), now() - interval '2 minutes'),
        ('welcome', 'other@fleet.example', 'Receipt', ${`Body names ${tag}`}, 'sent', 1, now(), 'smtp', now(), now() - interval '1 minute'),
        ('welcome', 'pct@fleet.example', ${`${tag} 50% off`}, 'Hello', 'sent', 1, now(), 'smtp', now(), now())`);
  });
  const search = async (term: string) => {
    const res = await t.get(admin, `/api/admin/email/outbox?search=${encodeURIComponent(term)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { toEmail: string; subject: string }[]; total: number }>().items;
  };

  it('matches the address or the subject in any case, newest first, and not the body', async () => {
    const found = await search(tag.toUpperCase());
    expect(found.map((m) => m.toEmail)).toEqual([
      'pct@fleet.example',
      'someone@fleet.example',
      `ops.${tag}@fleet.example`,
    ]);
    // The whole message comes back, as before the page was chosen from the index.
    expect(found[1]!.subject).toBe(`Invoice for ${tag.toUpperCase()} Haulage`);
  });

  it('takes % as itself', async () => {
    expect((await search(`${tag} 50%`)).map((m) => m.toEmail)).toEqual(['pct@fleet.example']);
    expect(await search(`${tag}%haulage`)).toEqual([]);
  });
});

// The outbox's kept totals (migration 0026, docs/email.md "Analytics at size"): every way a message is
// written keeps `email_day_totals` equal to the counts worked out from every message; the analytics and
// the templates' counts read those totals, never the whole outbox; parallel writers (several instances
// on PostgreSQL) keep them right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { startMailCatcher, type MailCatcher } from '../../../../tests/fakes/smtp-server';
import { signUp } from '../../../../tests/setup/customers';
import { staffWith } from '../../../../tests/setup/staff';
import { isoDay } from '../../../shared/days';
import type { EmailAnalytics, EmailTemplate } from '../../../shared/contracts/email';
import { emailOutbox } from '../../db/schema';
import { MAX_ATTEMPTS } from './delivery';
import { sentByTemplateQuery } from './templates';

let catcher: MailCatcher;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp({ SMTP_URL: catcher.url });
  admin = await t.staffCookie('admin@motorpool.local');
});
afterAll(async () => {
  await t.close();
  await catcher.close();
});

const db = () => t.database.db;
const DAY = 86_400_000;
let serial = 0;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Count = { day: string; templateId: string; status: string; messages: number };

/** The kept counts, every group that holds a message (a group emptied by a move keeps a 0 row). */
async function kept(): Promise<Count[]> {
  return rowsOf<Count>(
    await db().execute(sql`select to_char(day, 'YYYY-MM-DD') as day, template_id as "templateId", status,
      messages from email_day_totals where messages <> 0 order by 1, 2, 3`),
  );
}

/** The same counts worked out from every outbox message. */
async function fromScratch(): Promise<Count[]> {
  return rowsOf<Count>(
    await db().execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      template_id as "templateId", status, count(*)::int as messages
      from email_outbox group by 1, 2, 3 order by 1, 2, 3`),
  );
}

const expectKeptRight = async () => expect(await kept()).toEqual(await fromScratch());

/** A message of `template` to a new address, dated `now`; answers its id. */
async function queued(
  template: 'password_changed' | 'new_sign_in',
  now = new Date(),
  more: { customerId?: string; staffUserId?: string; dedupeKey?: string } = {},
) {
  const to = `kept.${Date.now()}.${++serial}@example.com`;
  const person = { firstName: 'Kim', lastName: 'Ode', email: to };
  const common = { to: { email: to }, now, ...more };
  const result =
    template === 'new_sign_in'
      ? await t.app.services.email.queue(db(), {
          ...common,
          template,
          data: { ...person, signInTime: 'now', ipAddress: '192.0.2.1', device: 'Firefox' },
        })
      : await t.app.services.email.queue(db(), { ...common, template, data: { ...person, signInUrl: 'x' } });
  return result.status === 'queued' ? result.id : null;
}

describe('the kept outbox counts', () => {
  it('match the outbox after every kind of write: queue, duplicate, claim, retry, send, fail, lease, cascades, delete', async () => {
    const now = new Date();
    const ids = [
      await queued('password_changed', now),
      await queued('password_changed', new Date(now.getTime() - 3 * DAY)),
      await queued('new_sign_in', now),
      await queued('new_sign_in', new Date(now.getTime() - 40 * DAY)),
    ];
    await expectKeptRight();
    // A duplicate is skipped and counted nowhere.
    const key = `kept-dedupe-${serial}`;
    expect(await queued('password_changed', now, { dedupeKey: key })).not.toBeNull();
    expect(await queued('password_changed', now, { dedupeKey: key })).toBeNull();
    await expectKeptRight();

    // A refused delivery goes back to queued; the rest are claimed (a batch) and sent.
    catcher.refuseNext(1);
    const run = await t.app.services.emailDelivery.deliverDue(now);
    expect(run.retrying).toBe(1);
    expect(run.sent).toBeGreaterThan(0);
    await expectKeptRight();

    // The last attempt refused: failed.
    const [retrying] = await db().select().from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
    await db()
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: now })
      .where(eq(emailOutbox.id, retrying!.id));
    catcher.refuseNext(1);
    expect((await t.app.services.emailDelivery.deliverDue(now)).failed).toBe(1);
    await expectKeptRight();

    // A claim a stopped instance left behind (sending, lease run out) is taken over and sent.
    const orphan = (await queued('new_sign_in', now))!;
    await db()
      .update(emailOutbox)
      .set({ status: 'sending', lockedBy: 'gone', lockedUntil: new Date(now.getTime() - 1000) })
      .where(eq(emailOutbox.id, orphan));
    await expectKeptRight();
    await t.app.services.emailDelivery.deliverDue(now);
    await expectKeptRight();

    // Deleting the customer or the staff member a message concerns keeps the message (set null).
    const customer = await signUp(t);
    const staff = await staffWith(t, 'manager');
    await queued('password_changed', now, { customerId: customer.id });
    await queued('password_changed', now, { staffUserId: staff.id });
    expect((await t.delete(admin, `/api/admin/customers/${customer.id}`)).statusCode).toBe(200);
    expect((await t.delete(admin, `/api/admin/users/${staff.id}`)).statusCode).toBe(200);
    await expectKeptRight();

    // No product path deletes messages, but a delete must not leave them counted.
    await db()
      .delete(emailOutbox)
      .where(inArray(emailOutbox.id, ids.slice(0, 2) as string[]));
    await expectKeptRight();
  });

  it('are worked out again by email_day_totals_recompute() after a bulk load with triggers off', async () => {
    // What bench/seed-lists.ts does: per-row triggers off for the insert, then the recompute.
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into email_outbox (template_id, to_email, subject, status, created_at)
        select 'welcome', 'bulk' || g || '@example.com', 'Bulk', case when g % 3 = 0 then 'failed' else 'sent' end,
          now() - make_interval(days => g % 5)
        from generate_series(1, 30) g`);
    });
    expect(await kept()).not.toEqual(await fromScratch());
    await db().execute(sql`select email_day_totals_recompute()`);
    await expectKeptRight();
  });
});

describe('the screens that count messages', () => {
  it('analytics and the templates tab give the figures worked out from every message', async () => {
    await queued('password_changed');
    await t.app.services.emailDelivery.deliverDue();
    await queued('new_sign_in');
    const rows = await db().select().from(emailOutbox);
    const days = 7;
    const since = new Date(Date.now() - (days - 1) * DAY);
    since.setUTCHours(0, 0, 0, 0);
    const recent = rows.filter((r) => r.createdAt >= since);
    const tally = (list: typeof rows) => ({
      sent: list.filter((r) => r.status === 'sent').length,
      failed: list.filter((r) => r.status === 'failed').length,
      queued: list.filter((r) => r.status === 'queued' || r.status === 'sending').length,
    });
    const analytics = (await t.get(admin, `/api/admin/email/analytics?days=${days}`)).json<EmailAnalytics>();
    expect(analytics.totals).toEqual(tally(recent));
    const templateIds = [...new Set(recent.map((r) => r.templateId))].sort();
    expect(analytics.byTemplate.map((r) => r.templateId).sort()).toEqual(templateIds);
    for (const row of analytics.byTemplate) {
      expect(row, row.templateId).toMatchObject(tally(recent.filter((r) => r.templateId === row.templateId)));
    }
    for (const row of analytics.byDay) {
      expect(row, row.day).toMatchObject(tally(recent.filter((r) => isoDay(r.createdAt) === row.day)));
    }

    const listed = (await t.get(admin, '/api/admin/email/templates')).json<{ templates: EmailTemplate[] }>();
    for (const template of listed.templates) {
      const mine = rows.filter((r) => r.templateId === template.id);
      const lastSent = mine.reduce((last, r) => Math.max(last, r.sentAt?.getTime() ?? 0), 0);
      expect(template.sentCount, template.id).toBe(mine.filter((r) => r.status === 'sent').length);
      expect(template.lastSentAt, template.id).toBe(lastSent ? new Date(lastSent).toISOString() : null);
    }
  });

  it('read the kept totals: the analytics never name the outbox; a template’s last send is one index step', async () => {
    const statements = await t.queriesDuring(() => t.get(admin, '/api/admin/email/analytics?days=90'));
    expect(statements.some((s) => s.includes('email_day_totals'))).toBe(true);
    expect(statements.filter((s) => s.includes('email_outbox'))).toEqual([]);

    // The outbox is tiny here, so the planner would rather read it whole: seq scans off for this
    // transaction, to see which index the query is written for.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${sentByTemplateQuery(tx)}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('email_outbox_template_sent_idx');
    expect(plan).not.toMatch(/Seq Scan on email_outbox/);
  });
});

describe('parallel writers', () => {
  it('queueing and two instances delivering at once keep the counts right (real races on PostgreSQL)', async () => {
    const second = await t.secondInstance();
    try {
      const now = new Date();
      const templates = ['password_changed', 'new_sign_in'] as const;
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          queued(templates[i % 2]!, new Date(now.getTime() - (i % 4) * DAY)),
        ),
      );
      await expectKeptRight();
      catcher.refuseNext(5);
      await Promise.all([
        t.app.services.emailDelivery.deliverDue(now),
        second.app.services.emailDelivery.deliverDue(now),
        ...Array.from({ length: 10 }, (_, i) => queued(templates[i % 2]!, now)),
      ]);
      await expectKeptRight();
    } finally {
      await second.close();
    }
  });
});

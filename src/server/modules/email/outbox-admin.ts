import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { EMAIL_TEMPLATES, isEmailTemplateId } from '../../../shared/email-templates';
import { toPage, pageOffset, type Page } from '../../../shared/contracts/common';
import type {
  EmailAnalytics,
  OutboxListQuery,
  OutboxMessage,
  OutboxMessageDetail,
} from '../../../shared/contracts/email';
import { type EmailStatus } from '../../../shared/statuses';
import { isoDay } from '../../../shared/days';
import { countUpTo, searchCountCap } from '../../db/bounded-count';
import type { Db } from '../../db/client';
import { emailDayTotals, emailOutbox } from '../../db/schema';
import { notFound } from '../../http/errors';
import { likePattern } from '../../lib/sql-like';
import { recordAudit, type AuditActor } from '../audit';
import type { EmailQueue } from './outbox';
import { messagesByOutcome } from './kept-totals';

type Row = typeof emailOutbox.$inferSelect;

const nameOf = (templateId: string) =>
  isEmailTemplateId(templateId) ? EMAIL_TEMPLATES[templateId].name : templateId;

function summary(row: Row): OutboxMessage {
  return {
    id: row.id,
    templateId: row.templateId,
    templateName: nameOf(row.templateId),
    toEmail: row.toEmail,
    toName: row.toName,
    subject: row.subject,
    status: row.status as EmailStatus,
    sensitive: row.sensitive,
    attempts: row.attempts,
    lastError: row.lastError,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

/** The outbox, newest first, paged on the server; `status` and a search of address and subject. */
export async function listOutbox(db: Db, query: OutboxListQuery): Promise<Page<OutboxMessage>> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(emailOutbox.status, query.status));
  if (query.search) conditions.push(sql`${emailOutbox.searchText} like ${likePattern(query.search)}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const newestFirst = [desc(emailOutbox.createdAt), desc(emailOutbox.id)];
  // The page's messages are chosen from the index alone (created, id, search text: a broad term walks
  // thousands of entries to find a page), and only the chosen ones are read whole.
  const chosen = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, chosen))
      .orderBy(...newestFirst),
    // A search is counted up to a cap past the page: its matches can only be counted by reading them.
    query.search
      ? countUpTo(db, emailOutbox, where, searchCountCap(query))
      : keptOutboxCount(db, query.status),
  ]);
  return toPage(query, rows.map(summary), count);
}

/**
 * How many messages the outbox holds, or holds in one status: exact, from the counts its triggers keep per
 * day, template and status (`email_day_totals`, migration 0026), a few thousand rows at most. Counting
 * the rows stopped at 10,000 and still read 10,000 index entries a page (16 ms at 25,000 failed).
 */
async function keptOutboxCount(db: Db, status: EmailStatus | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${emailDayTotals.messages}), 0)::float8`.mapWith(Number) })
    .from(emailDayTotals)
    .where(status ? eq(emailDayTotals.status, status) : undefined);
  return row?.n ?? 0;
}

/**
 * One message with its body. A sensitive body (a password, a link) is shown only while undelivered and
 * only to an admin (role admin or root), and that read is audited; once sent it is erased.
 */
export async function readOutboxMessage(
  { db, queue }: { db: Db; queue: EmailQueue },
  actor: AuditActor,
  role: string,
  id: string,
): Promise<OutboxMessageDetail> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw notFound('Email not found');
  const base = { ...summary(row), attachments: row.attachments };
  if (!row.sensitive) return { ...base, text: row.bodyText, html: row.bodyHtml, bodyWithheld: null };
  if (row.bodyText === null && row.bodyHtml === null) {
    return { ...base, text: null, html: null, bodyWithheld: 'erased' };
  }
  if (role !== 'admin' && role !== 'root') {
    return { ...base, text: null, html: null, bodyWithheld: 'admins_only' };
  }
  const body = await queue.openBody(row);
  await recordAudit(db, actor, {
    action: 'view',
    resourceType: 'email',
    resourceId: row.id,
    newValues: { templateId: row.templateId, to: row.toEmail, sensitiveBody: true },
  });
  return { ...base, text: body.text, html: body.html, bodyWithheld: null };
}

/**
 * Sent, failed and queued by template and by day (UTC) over the last `days`, from the counts the outbox's
 * triggers keep per day, template and status (`email_day_totals`): a few thousand rows at most, however
 * many messages there are. A (template, day) whose every count is zero is left out, as the messages were.
 */
export async function emailAnalyticsOf(db: Db, days: number, now = new Date()): Promise<EmailAnalytics> {
  const since = new Date(now.getTime() - (days - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const day = sql<string>`to_char(${emailDayTotals.day}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ templateId: emailDayTotals.templateId, day, ...messagesByOutcome })
    .from(emailDayTotals)
    .where(gte(emailDayTotals.day, isoDay(since)))
    .groupBy(emailDayTotals.templateId, emailDayTotals.day)
    .having(sql`sum(${emailDayTotals.messages}) > 0`);
  const zero = () => ({ sent: 0, failed: 0, queued: 0 });
  const add = (to: ReturnType<typeof zero>, r: ReturnType<typeof zero>) => {
    to.sent += r.sent;
    to.failed += r.failed;
    to.queued += r.queued;
  };
  const totals = zero();
  const byTemplate = new Map<string, ReturnType<typeof zero>>();
  const byDay = new Map<string, ReturnType<typeof zero>>();
  for (let i = 0; i < days; i++) {
    byDay.set(isoDay(new Date(since.getTime() + i * 86_400_000)), zero());
  }
  for (const r of rows) {
    add(totals, r);
    if (!byTemplate.has(r.templateId)) byTemplate.set(r.templateId, zero());
    add(byTemplate.get(r.templateId)!, r);
    if (!byDay.has(r.day)) byDay.set(r.day, zero());
    add(byDay.get(r.day)!, r);
  }
  return {
    days,
    totals,
    byTemplate: [...byTemplate.entries()]
      .map(([templateId, c]) => ({ templateId, name: nameOf(templateId), ...c }))
      .sort((a, b) => b.sent + b.failed + b.queued - (a.sent + a.failed + a.queued)),
    byDay: [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([d, c]) => ({ day: d, ...c })),
  };
}

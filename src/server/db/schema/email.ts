import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES } from '../../../shared/statuses';
import { keptForTheBooks } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';
import { byStaff } from './staff-columns';

// Email: the outbox every message goes through and staff edits of the templates (docs/email.md).

/**
 * Every email the product sends (docs/email.md). A message is written here in the transaction of the
 * event that causes it, then delivered by the `email: deliver` job, which claims rows with
 * `for update skip locked` and a lease, so no two instances send one message. With no transport
 * configured a message stays queued here, where staff can read it.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: randomId(),
    /** The template it was rendered from (shared/email-templates.ts). */
    templateId: text('template_id').notNull(),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    /** Plain-text and HTML bodies, rendered at enqueue time; null once a sensitive body is erased. */
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    /**
     * The body holds a secret (a password, a reset or payment link): stored encrypted with the settings
     * key, shown to staff only while undelivered, and erased once sent.
     */
    sensitive: boolean('sensitive').notNull().default(false),
    /** What to attach, rendered at delivery: `[{ kind: 'invoice', invoiceId }]`. */
    attachments: jsonb('attachments').$type<{ kind: 'invoice'; invoiceId: string }[]>().notNull().default([]),
    customerId: keptForTheBooks(),
    staffUserId: byStaff('staff_user_id'),
    /** Once per customer and event: a second enqueue with the same key is skipped (automation rules). */
    dedupeKey: text('dedupe_key'),
    /** queued, sending, sent or failed. */
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A claim by one instance's delivery job; past it, another instance may take the message. */
    lockedUntil: timestamptz('locked_until'),
    lockedBy: text('locked_by'),
    /** smtp or sendgrid: the transport that delivered (or last tried) it. */
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    failedAt: timestamptz('failed_at'),
    createdAt: createdAt(),
    /**
     * What the outbox search matches: the address and the subject, lowercased once on write and cut at
     * 500 characters so it always fits a btree entry (docs/email.md "Searching the outbox").
     */
    searchText: text('search_text').generatedAlwaysAs(sql`left(lower(to_email || ' ' || subject), 500)`),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // Newest first, with the search text in the entry: a search walks this index alone, without reading
    // a message that does not match (migration 0032).
    index('email_outbox_created_search_idx').on(t.createdAt, t.id, t.searchText),
    index('email_outbox_template_idx').on(t.templateId, t.createdAt),
    index('email_outbox_customer_idx').on(t.customerId),
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    // A narrow term's few matches, found by trigrams (modules/email/outbox-admin.ts).
    index('email_outbox_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A template's last delivery (Email Settings' templates and automation tabs), one index step each.
    index('email_outbox_template_sent_idx')
      .on(t.templateId, t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * Outbox messages counted per day created (UTC), template and status, kept by statement triggers on
 * `email_outbox` in the transaction of each write (migration 0026, docs/email.md "Analytics at size"):
 * the analytics and the templates' counts read a few thousand rows instead of every message.
 */
export const emailDayTotals = pgTable(
  'email_day_totals',
  {
    day: date('day').notNull(),
    templateId: text('template_id').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.templateId, t.status] })],
);

/**
 * Staff edits of the email templates. The defaults live in code (shared/email-templates.ts); a row here
 * overrides a template's subject, body or enabled switch.
 */
export const emailTemplates = pgTable('email_templates', {
  id: text('id').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedByStaffId: byStaff('updated_by_staff_id'),
  updatedAt: updatedAt(),
});

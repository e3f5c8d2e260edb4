import { eq, sql } from 'drizzle-orm';
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_IDS,
  EMAIL_TEMPLATES,
  placeholdersIn,
  type EmailTemplateId,
} from '../../../shared/email-templates';
import type { EmailTemplate, EmailTemplateInput } from '../../../shared/contracts/email';
import type { Db, Executor } from '../../db/client';
import { emailDayTotals, emailTemplates } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { defaultTemplate, renderEmail, type RenderedEmail } from './render';
import { emailDay, emailLinks } from './links';
import type { EmailQueue } from './outbox';
import type { EmailDelivery } from './delivery';
import { messagesByOutcome } from './kept-totals';

/** Who a preview or a test is for: the signed-in staff member. */
export type StaffRecipient = { id: string; email: string; firstName: string | null; lastName: string | null };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function storedTemplates(exec: Executor) {
  const rows = await exec.select().from(emailTemplates);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The sent and queued counts and last sent time of each template: the counts from the kept totals
 * (`email_day_totals`), the time from one step of `email_outbox_template_sent_idx` per template.
 */
export function sentByTemplateQuery(db: Executor) {
  // Spelled out: Drizzle writes a single-table select's columns unqualified, which would compare the
  // outbox's template_id with itself.
  const lastSent = sql<Date | null>`(select max(sent.sent_at) from email_outbox sent
    where sent.template_id = email_day_totals.template_id)`.mapWith((v) => (v ? new Date(v) : null));
  return db
    .select({
      templateId: emailDayTotals.templateId,
      sent: messagesByOutcome.sent,
      queued: messagesByOutcome.queued,
      lastSentAt: lastSent,
    })
    .from(emailDayTotals)
    .groupBy(emailDayTotals.templateId)
    .having(sql`sum(${emailDayTotals.messages}) > 0`);
}

export async function sentByTemplate(db: Executor) {
  const rows = await sentByTemplateQuery(db);
  return new Map(rows.map((r) => [r.templateId, r]));
}

/** Every template: the code's default overlaid with staff edits, with what it sent. */
export async function listTemplates(db: Db): Promise<EmailTemplate[]> {
  const [stored, sent] = await Promise.all([storedTemplates(db), sentByTemplate(db)]);
  return EMAIL_TEMPLATE_IDS.map((id) => {
    const def = EMAIL_TEMPLATES[id];
    const row = stored.get(id);
    const text = row ?? defaultTemplate(id);
    return {
      id,
      name: def.name,
      type: def.type,
      audience: def.audience,
      sensitive: 'sensitive' in def && def.sensitive === true,
      subject: text.subject,
      body: text.body,
      enabled: def.audience !== 'account' || (row?.enabled ?? true),
      customized: !!row && (row.subject !== def.subject || row.body !== def.body),
      placeholders: def.placeholders.map((name) => ({ name, description: EMAIL_PLACEHOLDERS[name] })),
      lastSentAt: iso(sent.get(id)?.lastSentAt),
      sentCount: sent.get(id)?.sent ?? 0,
    };
  });
}

/** The placeholders a text names that its template does not know, as the field's message; or null. */
export function unknownPlaceholders(id: EmailTemplateId, text: string): string | null {
  const known = new Set<string>(EMAIL_TEMPLATES[id].placeholders);
  const unknown = placeholdersIn(text).filter((name) => !known.has(name));
  if (unknown.length === 0) return null;
  const names = unknown.map((n) => `{${n}}`).join(', ');
  return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${names}: this template can use ${[...known]
    .map((n) => `{${n}}`)
    .join(', ')}`;
}

async function upsert(
  db: Db,
  actor: AuditActor,
  id: EmailTemplateId,
  change: (current: { subject: string; body: string; enabled: boolean }) => {
    subject: string;
    body: string;
    enabled: boolean;
  },
) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    const before = row ?? { ...defaultTemplate(id), enabled: true };
    const after = change(before);
    const fields = (['subject', 'body', 'enabled'] as const).filter((f) => before[f] !== after[f]);
    if (fields.length === 0) return;
    const values = { ...after, updatedByStaffId: actor.actorId, updatedAt: new Date() };
    await tx
      .insert(emailTemplates)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: emailTemplates.id, set: values });
    await recordAudit(tx, actor, {
      action: 'update',
      resourceType: 'email_template',
      resourceId: id,
      oldValues: Object.fromEntries(fields.map((f) => [f, before[f]])),
      newValues: Object.fromEntries(fields.map((f) => [f, after[f]])),
    });
  });
}

/**
 * Placeholders that hold a secret. Only a message's body is sealed at rest and erased once sent, and the
 * outbox lists subjects to every emails-tab user: a secret may go in the body only.
 */
const SECRET_PLACEHOLDERS = ['temporaryPassword', 'resetUrl', 'paymentUrl'] as const;

function secretInSubject(subject: string): string | null {
  const found = SECRET_PLACEHOLDERS.filter((p) => subject.includes(`{${p}}`));
  return found.length
    ? `${found.map((p) => `{${p}}`).join(', ')} can go in the body only: a subject is kept and shown after sending`
    : null;
}

/** Saves a template's subject and body; a placeholder it does not know is refused on its field. */
export async function saveTemplate(
  db: Db,
  actor: AuditActor,
  id: EmailTemplateId,
  input: EmailTemplateInput,
) {
  const errors = Object.fromEntries(
    (['subject', 'body'] as const).flatMap((field) => {
      const problem =
        unknownPlaceholders(id, input[field]) ??
        (field === 'subject' ? secretInSubject(input.subject) : null);
      return problem ? [[field, problem]] : [];
    }),
  );
  if (Object.keys(errors).length) throw badRequest('Validation failed', errors);
  await upsert(db, actor, id, (current) => ({ ...current, subject: input.subject, body: input.body }));
}

/** Turns a template on or off; an `always` one (security, requested links) cannot be turned off. */
export async function setTemplateEnabled(db: Db, actor: AuditActor, id: EmailTemplateId, enabled: boolean) {
  if (!enabled && EMAIL_TEMPLATES[id].audience !== 'account') {
    throw badRequest('This email always goes: it carries security news or something the person asked for.', {
      enabled: 'Security emails and requested links cannot be turned off',
    });
  }
  await upsert(db, actor, id, (current) => ({ ...current, enabled }));
}

/** Back to the code's default text (the enabled switch stays as it is). */
export async function resetTemplate(db: Db, actor: AuditActor, id: EmailTemplateId) {
  await upsert(db, actor, id, (current) => ({ ...current, ...defaultTemplate(id) }));
}

/**
 * The values of a preview or a test: the staff member's own name and address, sample values for the
 * rest (a staff member has no company, plan or trial of their own).
 */
export function sampleValues(
  staff: StaffRecipient,
  { appName, publicUrl }: { appName: string; publicUrl: string },
  now = new Date(),
): Record<string, string> {
  const links = emailLinks(publicUrl);
  const inDays = (d: number) => emailDay(new Date(now.getTime() + d * 86_400_000));
  return {
    appName,
    appUrl: publicUrl,
    firstName: staff.firstName ?? staff.email.split('@')[0]!,
    lastName: staff.lastName ?? '',
    email: staff.email,
    companyName: 'Sample Fleet Co',
    planName: 'Professional',
    daysLeft: '7',
    trialEndDate: inDays(7),
    amount: '$299.00',
    invoiceNumber: 'INV-SAMPLE-0001',
    paymentDate: emailDay(now),
    failureReason: 'Your card was declined',
    portalUrl: links.portalUrl,
    signInUrl: links.signInUrl,
    temporaryPassword: 'Sample-Passw0rd-not-real',
    resetUrl: `${publicUrl}/reset-password?token=sample-token-not-valid`,
    paymentUrl: `${publicUrl}/checkout?sample=1`,
    expiresAt: inDays(7),
    signInTime: now.toUTCString(),
    ipAddress: '203.0.113.7',
    device: 'Chrome on macOS',
    ticketNumber: '1001',
    ticketSubject: 'Sample ticket',
    replyText: 'Thank you for writing: this is a sample reply.',
    ticketUrl: `${links.portalUrl}`,
  };
}

export async function previewTemplate(
  db: Db,
  staff: StaffRecipient,
  id: EmailTemplateId,
  draft: EmailTemplateInput | undefined,
  config: { appName: string; publicUrl: string },
): Promise<RenderedEmail> {
  const text = draft ?? (await storedTemplates(db)).get(id) ?? defaultTemplate(id);
  return renderEmail(text, sampleValues(staff, config));
}

export type TestDeps = {
  db: Db;
  queue: EmailQueue;
  delivery: EmailDelivery;
  config: { appName: string; publicUrl: string };
};

/**
 * Sends a template to the signed-in staff member (`POST /api/admin/email/test`): queued with
 * its audit row, then delivered at once. Answers sent, or queued when no transport is configured;
 * a refusal by the mail server is a 502 with its words (the message stays in the outbox to retry).
 */
export async function sendTestEmail(
  { db, queue, delivery, config }: TestDeps,
  actor: AuditActor,
  staff: StaffRecipient,
  id: EmailTemplateId,
): Promise<{ status: 'sent' | 'queued'; to: string }> {
  const name = [staff.firstName, staff.lastName].filter(Boolean).join(' ') || null;
  const outboxId = await db.transaction(async (tx) => {
    const result = await queue.queue(tx, {
      template: id,
      to: { email: staff.email, name },
      data: sampleValues(staff, config) as never,
      staffUserId: staff.id,
      test: true,
    });
    if (result.status !== 'queued') throw new HttpError(409, 'The test email could not be queued.');
    await recordAudit(tx, actor, {
      action: 'create',
      resourceType: 'email',
      resourceId: result.id,
      newValues: { templateId: id, test: true, to: staff.email },
    });
    return result.id;
  });
  const outcome = await delivery.deliverOne(outboxId);
  if (outcome.status === 'sent') return { status: 'sent', to: staff.email };
  if (outcome.error)
    throw new HttpError(502, `The mail server did not take the test email: ${outcome.error}`);
  return { status: 'queued', to: staff.email };
}

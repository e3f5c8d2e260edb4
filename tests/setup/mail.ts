// The outbox as an API test reads it: what was queued for an address, sensitive bodies opened.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { EmailTemplateId } from '../../src/shared/email-templates';
import { emailOutbox } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

export type OutboxMail = typeof emailOutbox.$inferSelect & { text: string };

/** Every message queued for `email` (newest first), or only those of one template. */
export async function emailsTo(t: TestApp, email: string, template?: EmailTemplateId): Promise<OutboxMail[]> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.toEmail}) = ${email.toLowerCase()}`,
        template ? eq(emailOutbox.templateId, template) : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
  return Promise.all(
    rows.map(async (row) => ({ ...row, text: (await t.app.services.email.openBody(row)).text ?? '' })),
  );
}

/** The newest message to `email` (of `template`); fails the test when there is none. */
export async function lastEmailTo(
  t: TestApp,
  email: string,
  template?: EmailTemplateId,
): Promise<OutboxMail> {
  const [mail] = await emailsTo(t, email, template);
  if (!mail) throw new Error(`No ${template ?? ''} email was queued for ${email}`);
  return mail;
}

/** The line of a body that follows `label` ("...this temporary password, then choose your own:"). */
export function lineAfter(text: string, label: RegExp): string {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => label.test(l));
  if (at < 0) throw new Error(`No line matching ${label} in:\n${text}`);
  return lines[at + 1]!.trim();
}

/** The temporary password an invitation email carries. */
export const passwordIn = (mail: OutboxMail) => lineAfter(mail.text, /password, then choose your own:$/);

/** The first URL of a body that starts with `prefix` (e.g. the public URL's `/reset-password`). */
export function linkIn(mail: OutboxMail, path: string): string {
  const found = mail.text.match(
    new RegExp(`https?://\\S*${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S*`),
  );
  if (!found) throw new Error(`No ${path} link in:\n${mail.text}`);
  return found[0];
}

/** The temporary password the newest invitation to `email` carries (customer, staff or team member). */
export async function invitedPassword(t: TestApp, email: string): Promise<string> {
  const [mail] = (await emailsTo(t, email)).filter((m) =>
    ['account_invitation', 'team_invitation'].includes(m.templateId),
  );
  if (!mail) throw new Error(`No invitation was queued for ${email}`);
  return passwordIn(mail);
}

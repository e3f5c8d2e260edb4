import { eq } from 'drizzle-orm';
import { EMAIL_TEMPLATES, type EmailData, type EmailTemplateId } from '../../../shared/email-templates';
import type { Db, Executor } from '../../db/client';
import { customerSettings, emailOutbox, emailTemplates } from '../../db/schema';
import { secretBox, type SealingBox } from '../../auth/secret-box';
import { generalSettingsOf } from '../system-settings';
import { noteQueued } from './send-now';
import { defaultTemplate, escapeHtml, renderEmail, type RenderedEmail } from './render';

/** A message to queue: the template, its recipient and the values of its placeholders. */
export type QueuedEmail<T extends EmailTemplateId> = {
  template: T;
  to: { email: string; name?: string | null };
  /** Every placeholder of the template but `appName` and `appUrl`, which the queue fills in. */
  data: Omit<EmailData<T>, 'appName' | 'appUrl'>;
  /** The customer it concerns: their "Email notifications" switch is honoured for `account` emails. */
  customerId?: string | null;
  staffUserId?: string | null;
  /** Once per key, ever: a second message with the same key is skipped (automation rules). */
  dedupeKey?: string;
  attachments?: { kind: 'invoice'; invoiceId: string }[];
  /** When the event happened (the billing clock); now by default. */
  now?: Date;
  /**
   * A staff member's test of the template (Email Settings): "[Test]" in the subject, a line saying so
   * above the body, and sent even while the template is disabled.
   */
  test?: boolean;
};

export type QueueResult =
  | { status: 'queued'; id: string }
  | { status: 'skipped'; reason: 'disabled' | 'opted_out' | 'notifications_off' | 'duplicate' };

export type EmailQueue = {
  /**
   * Writes the message to the outbox with `exec`: pass the transaction of the event that causes it, so
   * the message exists exactly when the event does. Delivery is the `email: deliver` job's.
   */
  queue<T extends EmailTemplateId>(exec: Executor, message: QueuedEmail<T>): Promise<QueueResult>;
  /** The sealed body of a sensitive message, opened for delivery or for staff. */
  openBody(row: {
    id: string;
    bodyText: string | null;
    bodyHtml: string | null;
    sensitive: boolean;
  }): Promise<{
    text: string | null;
    html: string | null;
  }>;
};

/** A sensitive body is bound to its outbox row: copied onto another row, it does not open. */
const bodyContext = (id: string, part: 'text' | 'html') => `email-outbox:${id}:${part}`;

/** What the outbox writer fills in and seals with. */
type Writer = { appName: string; publicUrl: string; sealer: SealingBox };

/**
 * The outbox writer (docs/email.md). `db` is the database itself: the sealing key is read once here,
 * before any transaction (on PGlite a read on `db` inside a transaction would wait on itself).
 */
export async function createEmailQueue({
  db,
  appName,
  publicUrl,
  appSecret,
  box,
}: {
  db: Db;
  appName: string;
  publicUrl: string;
  appSecret: string | undefined;
  box?: SealingBox;
}): Promise<EmailQueue> {
  const sealer = box ?? secretBox(db, appSecret);
  // Warm the key now: sealing inside a transaction must not read app_meta.
  await sealer.open(await sealer.seal('ready', 'warm-up'), 'warm-up');
  const writer: Writer = { appName, publicUrl, sealer };

  return {
    async queue(exec, message) {
      const result = await write(writer, exec, message);
      noteQueued({ template: message.template, to: message.to.email, result });
      return result;
    },
    async openBody(row) {
      if (!row.sensitive) return { text: row.bodyText, html: row.bodyHtml };
      return {
        text: row.bodyText === null ? null : await sealer.open(row.bodyText, bodyContext(row.id, 'text')),
        html: row.bodyHtml === null ? null : await sealer.open(row.bodyHtml, bodyContext(row.id, 'html')),
      };
    },
  };
}

async function write<T extends EmailTemplateId>(
  { appName, publicUrl, sealer }: Writer,
  exec: Executor,
  message: QueuedEmail<T>,
): Promise<QueueResult> {
  const definition = EMAIL_TEMPLATES[message.template];
  const [stored] = await exec
    .select({
      subject: emailTemplates.subject,
      body: emailTemplates.body,
      enabled: emailTemplates.enabled,
    })
    .from(emailTemplates)
    .where(eq(emailTemplates.id, message.template));
  const skipped = await skipReason(exec, appName, message, stored);
  if (skipped) return { status: 'skipped', reason: skipped };
  const filled = renderEmail(stored ?? defaultTemplate(message.template), {
    ...(message.data as Record<string, string>),
    appName,
    appUrl: publicUrl,
  });
  const rendered = message.test ? asTest(filled, definition.name) : filled;
  const id = crypto.randomUUID();
  const sensitive = 'sensitive' in definition && definition.sensitive === true;
  const seal = (plain: string, part: 'text' | 'html') =>
    sensitive ? sealer.seal(plain, bodyContext(id, part)) : Promise.resolve(plain);
  const now = message.now ?? new Date();
  const inserted = await exec
    .insert(emailOutbox)
    .values({
      id,
      templateId: message.template,
      toEmail: message.to.email,
      toName: message.to.name ?? null,
      subject: rendered.subject,
      bodyText: await seal(rendered.text, 'text'),
      bodyHtml: await seal(rendered.html, 'html'),
      sensitive,
      attachments: message.attachments ?? [],
      customerId: message.customerId ?? null,
      staffUserId: message.staffUserId ?? null,
      dedupeKey: message.dedupeKey ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return inserted.length ? { status: 'queued', id } : { status: 'skipped', reason: 'duplicate' };
}

/** Why the message is not sent (the template off, the product's or the customer's switch), if it is not. */
async function skipReason(
  exec: Executor,
  appName: string,
  message: Pick<QueuedEmail<EmailTemplateId>, 'template' | 'test' | 'customerId'>,
  stored: { enabled: boolean } | undefined,
): Promise<'disabled' | 'opted_out' | 'notifications_off' | null> {
  const definition = EMAIL_TEMPLATES[message.template];
  if (definition.audience === 'account' && !message.test) {
    if (stored && !stored.enabled) return 'disabled';
    // System Settings > Notifications > Email notifications: off stops account emails product-wide.
    if (!(await generalSettingsOf(exec, { appName })).emailNotifications) return 'notifications_off';
    if (message.customerId && !(await customerWants(exec, message.customerId, 'emailNotifications'))) {
      return 'opted_out';
    }
  }
  // The customer's "Security alerts" switch (new sign-in alerts); staff have no such switch.
  if (
    definition.audience === 'security' &&
    !message.test &&
    message.customerId &&
    !(await customerWants(exec, message.customerId, 'securityAlerts'))
  ) {
    return 'opted_out';
  }
  return null;
}

/** A test send: marked as one in the subject and above the body, in both parts. */
function asTest(email: RenderedEmail, name: string): RenderedEmail {
  const note = `This is a test of the "${name}" email template, sent from Email Settings. Your own details fill the placeholders about you; the rest are sample values.`;
  return {
    subject: `[Test] ${email.subject}`,
    text: `${note}\n\n---\n\n${email.text}`,
    html: email.html.replace(
      /(<body[^>]*>)/,
      `$1<p style="padding:8px 12px;background:#fef3c7;border-radius:6px">${escapeHtml(note)}</p>`,
    ),
  };
}

/** One of the customer's email switches (portal Settings); on unless they turned it off. */
async function customerWants(
  exec: Executor,
  customerId: string,
  setting: 'emailNotifications' | 'securityAlerts',
): Promise<boolean> {
  const [row] = await exec
    .select({ settings: customerSettings.settings })
    .from(customerSettings)
    .where(eq(customerSettings.customerId, customerId));
  return row?.settings?.[setting] !== false;
}

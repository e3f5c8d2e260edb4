import { inArray } from 'drizzle-orm';
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
  /**
   * Many messages at once, with the same rules as `queue`, each one's result in its place: the templates,
   * the product's switch and the customers' switches are read once for all, and the messages are written
   * in a few statements. For a job's batch (the automation rules), where one `queue` per message ran five
   * statements each and held the embedded database for 2.5 s a thousand messages.
   */
  queueMany<T extends EmailTemplateId>(exec: Executor, messages: QueuedEmail<T>[]): Promise<QueueResult[]>;
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
      const [result] = await writeAll(writer, exec, [message]);
      noteQueued({ template: message.template, to: message.to.email, result: result! });
      return result!;
    },
    async queueMany(exec, messages) {
      const results = await writeAll(writer, exec, messages);
      messages.forEach((m, i) => noteQueued({ template: m.template, to: m.to.email, result: results[i]! }));
      return results;
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

type StoredTemplate = { subject: string; body: string; enabled: boolean };
type Setting = 'emailNotifications' | 'securityAlerts';
/** What the skip rules read, each once per batch however many messages it holds. */
type Switches = {
  notificationsOn(): Promise<boolean>;
  customerWants(customerId: string, setting: Setting): Promise<boolean>;
};
/**
 * Messages written per statement. On the embedded database a statement holds the whole process until
 * it ends, and a message costs about 1 ms to write into an outbox of 1,000,000 (its index entries land
 * on pages not read lately): a statement of 200 held every request for 300-400 ms each time the
 * automation queued a batch (docs/performance.md, sixth pass). Between two statements the event loop
 * gets its turn (db/event-loop-turns.ts).
 */
export const OUTBOX_INSERT_CHUNK = 25;

async function writeAll<T extends EmailTemplateId>(
  { appName, publicUrl, sealer }: Writer,
  exec: Executor,
  messages: QueuedEmail<T>[],
): Promise<QueueResult[]> {
  if (messages.length === 0) return [];
  const templateIds = [...new Set(messages.map((m) => m.template))];
  const storedRows = await exec
    .select({
      id: emailTemplates.id,
      subject: emailTemplates.subject,
      body: emailTemplates.body,
      enabled: emailTemplates.enabled,
    })
    .from(emailTemplates)
    .where(inArray(emailTemplates.id, templateIds));
  const stored = new Map<string, StoredTemplate>(storedRows.map((row) => [row.id, row]));
  const switches = switchesFor(exec, appName, messages);
  const results: QueueResult[] = [];
  const rows: (typeof emailOutbox.$inferInsert & { id: string })[] = [];
  const rowIndex: number[] = [];
  for (const [index, message] of messages.entries()) {
    const template = stored.get(message.template);
    const skipped = await skipReason(message, template, switches);
    if (skipped) {
      results[index] = { status: 'skipped', reason: skipped };
      continue;
    }
    const definition = EMAIL_TEMPLATES[message.template];
    const filled = renderEmail(template ?? defaultTemplate(message.template), {
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
    rows.push({
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
    });
    rowIndex.push(index);
  }
  const written = new Set<string>();
  for (let at = 0; at < rows.length; at += OUTBOX_INSERT_CHUNK) {
    const inserted = await exec
      .insert(emailOutbox)
      .values(rows.slice(at, at + OUTBOX_INSERT_CHUNK))
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id });
    for (const { id } of inserted) written.add(id);
  }
  rows.forEach(({ id }, i) => {
    results[rowIndex[i]!] = written.has(id)
      ? { status: 'queued', id }
      : { status: 'skipped', reason: 'duplicate' };
  });
  return results;
}

/**
 * The product's "Email notifications" switch, read when first needed, and the customers' own switches
 * (portal Settings, on unless turned off), read for every customer of the batch in one statement.
 */
function switchesFor(exec: Executor, appName: string, messages: { customerId?: string | null }[]): Switches {
  let product: Promise<boolean> | undefined;
  let customers: Promise<Map<string, Partial<Record<Setting, boolean>>>> | undefined;
  const customerIds = [...new Set(messages.flatMap((m) => (m.customerId ? [m.customerId] : [])))];
  return {
    notificationsOn: () =>
      (product ??= generalSettingsOf(exec, { appName }).then((settings) => settings.emailNotifications)),
    customerWants: async (customerId, setting) => {
      customers ??= exec
        .select({ customerId: customerSettings.customerId, settings: customerSettings.settings })
        .from(customerSettings)
        .where(inArray(customerSettings.customerId, customerIds))
        .then((found) => new Map(found.map((row) => [row.customerId, row.settings ?? {}])));
      return (await customers).get(customerId)?.[setting] !== false;
    },
  };
}

/** Why the message is not sent (the template off, the product's or the customer's switch), if it is not. */
async function skipReason(
  message: Pick<QueuedEmail<EmailTemplateId>, 'template' | 'test' | 'customerId'>,
  stored: { enabled: boolean } | undefined,
  switches: Switches,
): Promise<'disabled' | 'opted_out' | 'notifications_off' | null> {
  const definition = EMAIL_TEMPLATES[message.template];
  if (definition.audience === 'account' && !message.test) {
    if (stored && !stored.enabled) return 'disabled';
    // System Settings > Notifications > Email notifications: off stops account emails product-wide.
    if (!(await switches.notificationsOn())) return 'notifications_off';
    if (message.customerId && !(await switches.customerWants(message.customerId, 'emailNotifications'))) {
      return 'opted_out';
    }
  }
  // The customer's "Security alerts" switch (new sign-in alerts); staff have no such switch.
  if (
    definition.audience === 'security' &&
    !message.test &&
    message.customerId &&
    !(await switches.customerWants(message.customerId, 'securityAlerts'))
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

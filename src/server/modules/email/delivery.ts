import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { emailOutbox, invoices } from '../../db/schema';
import {
  chooseTransport,
  MailError,
  type MailTransport,
  type OutgoingMail,
} from '../../integrations/email/transport';
import { renderInvoicePdf } from '../billing';
import { recordIntegrationFailure, recordIntegrationSuccess } from '../system-health';
import { apiSecretOf, invoiceSellerOf } from '../system-settings';
import type { SettingsKeyring } from '../system-settings';
import type { EmailQueue } from './outbox';

/** After the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claim holds a message; past it (a stopped instance) another instance takes it. */
export const LEASE_MS = 2 * 60_000;
const BATCH = 20;
const MAX_BATCHES_PER_RUN = 5;

type OutboxRow = typeof emailOutbox.$inferSelect;

export type DeliveryDeps = {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'sendgridSmtpUrl' | 'emailFrom' | 'appName'>;
  queue: EmailQueue;
  keyring: SettingsKeyring;
  /** Names this instance's claims (`locked_by`). */
  instance: string;
  log?: FastifyBaseLogger;
  /** How long `deliverOne` waits for another run that holds the message to finish sending it. */
  otherRunWaitMs?: number;
};

/** A send to a mail server takes well under a second; past this the answer says queued. */
const OTHER_RUN_WAIT_MS = 5_000;
const OTHER_RUN_POLL_MS = 100;

export type DeliveryRun = { sent: number; retrying: number; failed: number; noTransport: boolean };

export type EmailDelivery = {
  /** Delivers every due message (a few batches), claimed so no other instance sends the same. */
  deliverDue(now?: Date): Promise<DeliveryRun>;
  /** Delivers one queued message now (a staff test): what became of it, with the server's words. */
  deliverOne(
    id: string,
    now?: Date,
  ): Promise<{
    status: 'sent' | 'queued' | 'failed';
    error: string | null;
    transport: MailTransport['kind'] | null;
  }>;
  /** The transport a run would use now; null when none is configured. */
  transportKind(): Promise<MailTransport['kind'] | null>;
};

/** `<outbox-id@host>`: the host of the From address (or motorpool.local). */
export function messageIdFor(id: string, from: string): string {
  const host = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'motorpool.local';
  return `<${id}@${host}>`;
}

/**
 * The `email: deliver` job's work (docs/email.md): claim due rows with `for update skip locked` and a
 * lease, send each through the transport of the run, then record sent (a sensitive body erased),
 * retry with backoff, or failed with the server's message.
 */
export function createEmailDelivery(deps: DeliveryDeps): EmailDelivery {
  return {
    deliverDue: (now = new Date()) => deliverDue(deps, now),
    deliverOne: (id, now = new Date()) => deliverOne(deps, id, now),
    transportKind: async () => {
      const mailer = await transportOf(deps);
      mailer?.close();
      return mailer?.kind ?? null;
    },
  };
}

const transportOf = ({ db, config, keyring }: DeliveryDeps) =>
  chooseTransport({
    smtpUrl: config.smtpUrl,
    sendgridSmtpUrl: config.sendgridSmtpUrl,
    sendgridKey: () => apiSecretOf({ db, keyring }, 'sendgridApiKey'),
  });

async function deliverDue(deps: DeliveryDeps, now: Date): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, retrying: 0, failed: 0, noTransport: false };
  const mailer = await transportOf(deps);
  if (!mailer) return { ...run, noTransport: true };
  // The run's clock moves on from `now` as real time passes (tests pass their own `now`).
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  try {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const rows = await claim(deps, clock());
      for (const row of rows) {
        const outcome = await deliver(deps, mailer, row, now, clock);
        if (outcome.status === 'sent') run.sent += 1;
        else if (outcome.status === 'failed') run.failed += 1;
        else if (outcome.status === 'queued') run.retrying += 1;
      }
      if (rows.length < BATCH) break;
    }
  } finally {
    mailer.close();
  }
  return run;
}

async function deliverOne(
  deps: DeliveryDeps,
  id: string,
  now: Date,
): ReturnType<EmailDelivery['deliverOne']> {
  const mailer = await transportOf(deps);
  if (!mailer) return { status: 'queued', error: null, transport: null };
  try {
    return await deliverOneWith(deps, mailer, id, now);
  } finally {
    mailer.close();
  }
}

async function deliverOneWith(
  deps: DeliveryDeps,
  mailer: MailTransport,
  id: string,
  now: Date,
): ReturnType<EmailDelivery['deliverOne']> {
  const [row] = await claim(deps, now, id);
  // Not queued any more: a delivery run (this instance's job or another's) took it first; say what
  // that run recorded, once it has.
  if (!row) return { ...(await settledOutcomeOf(deps, id)), transport: mailer.kind };
  const started = Date.now();
  const outcome = await deliver(
    deps,
    mailer,
    row,
    now,
    () => new Date(now.getTime() + (Date.now() - started)),
  );
  return outcome.status === 'lost'
    ? { ...(await settledOutcomeOf(deps, id)), transport: mailer.kind }
    : { ...outcome, transport: mailer.kind };
}

async function claim({ db, instance }: DeliveryDeps, now: Date, only?: string): Promise<OutboxRow[]> {
  const until = new Date(now.getTime() + LEASE_MS);
  const due = only
    ? sql`${emailOutbox.id} = ${only} and ${emailOutbox.status} = 'queued'`
    : sql`(${emailOutbox.status} = 'queued' and ${emailOutbox.nextAttemptAt} <= ${now})
        or (${emailOutbox.status} = 'sending' and ${emailOutbox.lockedUntil} < ${now})`;
  return db
    .update(emailOutbox)
    .set({
      status: 'sending',
      lockedUntil: until,
      lockedBy: instance,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(
      sql`${emailOutbox.id} in (select ${emailOutbox.id} from ${emailOutbox} where ${due}
        order by ${emailOutbox.nextAttemptAt} limit ${BATCH} for update skip locked)`,
    )
    .returning();
}

async function attachmentsOf(
  { db, config }: DeliveryDeps,
  row: OutboxRow,
): Promise<OutgoingMail['attachments']> {
  if (row.attachments.length === 0) return [];
  const seller = await invoiceSellerOf(db, config.appName);
  return Promise.all(
    row.attachments.map(async ({ invoiceId }) => {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!invoice) throw new MailError(`Invoice ${invoiceId} to attach no longer exists`, true);
      return {
        filename: `invoice-${invoice.number}.pdf`,
        content: await renderInvoicePdf(invoice, seller),
        contentType: 'application/pdf',
      };
    }),
  );
}

/** Only the claim's holder writes the outcome: a claim lost to an expired lease changes nothing. */
const mine = (instance: string, row: OutboxRow) =>
  and(eq(emailOutbox.id, row.id), eq(emailOutbox.lockedBy, instance), eq(emailOutbox.status, 'sending'));

/**
 * Renews this instance's claim just before sending, at the run's clock: a claim that outlived its
 * lease (a slow run) may have been taken by another instance, which then sends the message; this one
 * must not. Answers false when the claim is no longer ours.
 */
async function stillMine({ db, instance }: DeliveryDeps, row: OutboxRow, at: Date) {
  const held = await db
    .update(emailOutbox)
    .set({ lockedUntil: new Date(at.getTime() + LEASE_MS) })
    .where(and(mine(instance, row), gt(emailOutbox.lockedUntil, at)))
    .returning({ id: emailOutbox.id });
  return held.length > 0;
}

/** `now` dates the outcome (the run's time); `clock` moves on with real time, for the lease. */
async function deliver(
  deps: DeliveryDeps,
  mailer: MailTransport,
  row: OutboxRow,
  now: Date,
  clock: () => Date,
) {
  const { config } = deps;
  if (!(await stillMine(deps, row, clock()))) return { status: 'lost' as const, error: null };
  let sent: { providerMessageId: string | null };
  try {
    const body = await deps.queue.openBody(row);
    sent = await mailer.send({
      messageId: messageIdFor(row.id, config.emailFrom),
      from: config.emailFrom,
      to: { email: row.toEmail, name: row.toName },
      subject: row.subject,
      text: body.text,
      html: body.html,
      attachments: await attachmentsOf(deps, row),
    });
  } catch (error) {
    return recordFailure(deps, mailer, row, now, error);
  }
  // Delivered: recording it is apart from the send, so a failed write never puts a sent message back
  // in the queue (the lease then lapses and it may go again: at least once, docs/email.md).
  try {
    await deps.db
      .update(emailOutbox)
      .set({
        status: 'sent',
        sentAt: now,
        transport: mailer.kind,
        providerMessageId: sent.providerMessageId,
        lastError: null,
        lockedUntil: null,
        lockedBy: null,
        // A password or a link is kept only until it is delivered.
        ...(row.sensitive ? { bodyText: null, bodyHtml: null } : {}),
      })
      .where(mine(deps.instance, row));
  } catch (error) {
    deps.log?.error({ outboxId: row.id, err: error }, 'email: sent, but recording it failed');
  }
  recordIntegrationSuccess('email', now);
  return { status: 'sent' as const, error: null };
}

/** A failed send: queued again after its backoff, or failed for good (a permanent refusal, the last attempt). */
async function recordFailure(
  deps: DeliveryDeps,
  mailer: MailTransport,
  row: OutboxRow,
  now: Date,
  error: unknown,
) {
  const failure =
    error instanceof MailError ? error : new MailError((error as Error)?.message ?? 'failed', false);
  const final = failure.permanent || row.attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length) - 1] ?? 0;
  await deps.db
    .update(emailOutbox)
    .set({
      status: final ? 'failed' : 'queued',
      failedAt: final ? now : null,
      nextAttemptAt: final ? row.nextAttemptAt : new Date(now.getTime() + delay),
      transport: mailer.kind,
      lastError: failure.message,
      lockedUntil: null,
      lockedBy: null,
    })
    .where(mine(deps.instance, row));
  recordIntegrationFailure('email', `Email delivery failed: ${failure.message}`, now);
  deps.log?.warn({ outboxId: row.id, final }, `email: delivery failed (${failure.message})`);
  return { status: final ? ('failed' as const) : ('queued' as const), error: failure.message };
}

/**
 * What the outbox says of a message another run holds or delivered. While that run is still sending
 * it (the delivery job claimed it a moment after the action queued it), the answer waits for its
 * outcome a little, so a dialog does not say "not taken yet" of a message on the wire.
 */
async function settledOutcomeOf(
  deps: DeliveryDeps,
  id: string,
): Promise<{ status: 'sent' | 'queued' | 'failed'; error: string | null }> {
  const until = Date.now() + (deps.otherRunWaitMs ?? OTHER_RUN_WAIT_MS);
  for (;;) {
    const [row] = await deps.db
      .select({ status: emailOutbox.status, error: emailOutbox.lastError })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    if (row?.status === 'sent' || row?.status === 'failed') return { status: row.status, error: row.error };
    if (row?.status !== 'sending' || Date.now() >= until)
      return { status: 'queued', error: row?.error ?? null };
    await new Promise((resolve) => setTimeout(resolve, OTHER_RUN_POLL_MS));
  }
}

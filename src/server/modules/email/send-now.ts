import { AsyncLocalStorage } from 'node:async_hooks';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { EmailTemplateId } from '../../../shared/email-templates';
import type { EmailDelivery as EmailDeliveryReport } from '../../../shared/contracts/email-delivery';
import type { EmailDelivery } from './delivery';
import type { QueueResult } from './outbox';

/** One message an action queued: its template, recipient and what the outbox did with it. */
export type QueuedMessage = { template: EmailTemplateId; to: string; result: QueueResult };

const collecting = new AsyncLocalStorage<QueuedMessage[]>();

/** Called by the outbox writer with every message it queues (or skips), for `sendingNow` around it. */
export function noteQueued(message: QueuedMessage): void {
  collecting.getStore()?.push(message);
}

/**
 * Runs an action that emails someone (a password, a payment link) and delivers that email at once,
 * after the action's transaction committed, so its answer can say truthfully what happened
 * (docs/email.md "Sent means sent"): sent, queued without a transport (or refused for now), failed.
 * Only messages of `templates` are delivered now and reported; others the action queued are left to
 * the delivery job. `email` is null when the action queued none of them.
 */
export async function sendingNow<T>(
  delivery: EmailDelivery,
  templates: readonly EmailTemplateId[],
  work: () => Promise<T>,
): Promise<{ value: T; email: EmailDeliveryReport | null }> {
  const queued: QueuedMessage[] = [];
  const value = await collecting.run(queued, work);
  const mine = queued.filter((m) => templates.includes(m.template));
  const last = mine.at(-1);
  return { value, email: last ? await deliveryReport(delivery, last) : null };
}

/** Delivers one queued message now (when a transport is configured) and says what became of it. */
export async function deliveryReport(
  delivery: EmailDelivery,
  message: QueuedMessage,
): Promise<EmailDeliveryReport> {
  if (message.result.status === 'skipped') {
    return {
      to: message.to,
      status: 'skipped',
      outboxId: null,
      transportConfigured: (await delivery.transportKind()) !== null,
      error: null,
    };
  }
  const outcome = await delivery.deliverOne(message.result.id);
  return {
    to: message.to,
    status: outcome.status,
    outboxId: message.result.id,
    transportConfigured: outcome.transport !== null,
    error: outcome.error,
  };
}

/**
 * The newest message of `template` to a customer, as a delivery report (the edit dialog's "the
 * temporary password was sent"): what the outbox says of it now. Null when none was written.
 */
export async function lastDeliveryOf(
  deps: { db: Db; delivery: EmailDelivery },
  where: { customerId: string; template: EmailTemplateId },
): Promise<EmailDeliveryReport | null> {
  const [row] = await deps.db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toEmail,
      status: emailOutbox.status,
      error: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.customerId, where.customerId), eq(emailOutbox.templateId, where.template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    to: row.to,
    status: row.status === 'sent' || row.status === 'failed' ? row.status : 'queued',
    outboxId: row.id,
    transportConfigured: (await deps.delivery.transportKind()) !== null,
    error: row.error,
  };
}

/** The report of an email the action should have queued and did not (it never happens for passwords). */
export const skippedEmail = (to: string): EmailDeliveryReport => ({
  to,
  status: 'skipped',
  outboxId: null,
  transportConfigured: false,
  error: null,
});

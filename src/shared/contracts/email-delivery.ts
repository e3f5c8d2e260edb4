import { z } from 'zod';

/**
 * What became of one email an action sent (a password, a payment or subscription link), as its answer
 * says it (docs/email.md "Sent means sent"): `sent` once the mail server accepted it; `queued` while it
 * waits in the outbox (no mail transport is configured, or the server refused it for now and it is
 * tried again: `error` has the server's words); `failed` when delivery gave up; `skipped` when it was
 * not written at all. `outboxId` opens the message in the staff outbox.
 */
export const emailDelivery = z.object({
  to: z.string(),
  status: z.enum(['sent', 'queued', 'failed', 'skipped']),
  outboxId: z.string().nullable(),
  /** Whether a mail transport (SMTP_URL, or a SendGrid key) is configured. */
  transportConfigured: z.boolean(),
  error: z.string().nullable(),
});
export type EmailDelivery = z.infer<typeof emailDelivery>;

/**
 * The mail transport in use (GET /api/admin/email/transport): SMTP_URL, SendGrid's relay, or none. The
 * client reads it with `mailTransportFeed` (mail-transport-feed.ts, zod/mini).
 */
export const mailTransport = z.object({
  configured: z.boolean(),
  kind: z.enum(['smtp', 'sendgrid']).nullable(),
});
export type MailTransportState = z.infer<typeof mailTransport>;

/** One sentence for an answer's `message`: what happened to the email, truthfully. */
export function deliverySentence(what: string, d: EmailDelivery): string {
  switch (d.status) {
    case 'sent':
      return `${what} was sent by email to ${d.to}.`;
    case 'queued':
      return d.transportConfigured
        ? `${what} is queued for ${d.to}: the mail server did not take it yet${d.error ? ` (${d.error})` : ''}; it is tried again.`
        : `${what} is queued for ${d.to} and not delivered: no mail transport is configured.`;
    case 'failed':
      return `${what} could not be delivered to ${d.to}${d.error ? `: ${d.error}` : ''}.`;
    case 'skipped':
      return `${what} was not sent to ${d.to}.`;
  }
}

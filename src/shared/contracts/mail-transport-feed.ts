import * as z from 'zod/mini';

/*
 * `GET /api/admin/email/transport` as the admin shell reads it: `mailTransport` of email-delivery.ts
 * written again with zod/mini. The dashboard, the shell's first screen, shows the mail transport notice,
 * and email-delivery.ts would bring zod itself to that first load (about 12 kB gzip over zod/mini's core,
 * which the shell loads anyway: staff-session.ts). mail-transport-feed.test.ts checks that both describe
 * the same JSON.
 */
export const mailTransportFeed = z.object({
  configured: z.boolean(),
  kind: z.nullable(z.enum(['smtp', 'sendgrid'])),
});

/** How to configure one, on every screen that says none is. */
export const MAIL_TRANSPORT_HOW_TO =
  'Set the SMTP_URL environment variable (smtp://user:password@host:587), or add a SendGrid API key in System Settings → API Keys.';

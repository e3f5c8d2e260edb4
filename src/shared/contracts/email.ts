import { z } from 'zod';
import { EMAIL_STATUSES } from '../statuses';
import { EMAIL_TEMPLATE_IDS, EMAIL_TEMPLATE_TYPES } from '../email-templates';
import { pageOf, pagedQuery, searchField } from './common';

/* Email Settings (tab `emails` and /admin/email-settings; docs/email.md). */

export const emailTemplateIdField = z.enum(EMAIL_TEMPLATE_IDS as [string, ...string[]], {
  error: 'Choose one of the email templates',
});

export const emailTemplate = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(EMAIL_TEMPLATE_TYPES),
  /** `account` emails follow the customer's "Email notifications" switch; `always` ones cannot be disabled. */
  audience: z.enum(['account', 'security', 'always']),
  sensitive: z.boolean(),
  subject: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  /** The stored text differs from the code's default. */
  customized: z.boolean(),
  /** The placeholders this template may use, each as `{name}`, with what it becomes. */
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
  lastSentAt: z.string().nullable(),
  sentCount: z.number(),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;
export const emailTemplateList = z.object({ templates: z.array(emailTemplate) });

/** An edit of a template's text; a placeholder the template does not know is refused on its field. */
export const emailTemplateInput = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Must be at most 200 characters'),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(1, 'Body is required')
    .max(10_000, 'Must be at most 10,000 characters'),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInput>;

export const emailTemplateEnabledInput = z.object({ enabled: z.boolean() });

export const emailTemplateParams = z.object({ id: emailTemplateIdField });

/** A template's text filled with the signed-in staff member's own data (and samples for the rest). */
export const emailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });

export const emailTestInput = z.object({ templateId: emailTemplateIdField });
export const emailTestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  to: z.string(),
  /** sent: delivered now; queued: no transport configured, or the server asked to try later. */
  status: z.enum(['sent', 'queued']),
});

/** The automation rules (docs/email.md): the schedule the product runs, and what each sent. */
export const automationRule = z.object({
  id: z.string(),
  name: z.string(),
  templateId: z.string(),
  /** When it fires, in words ("1 day after sign-up"). */
  schedule: z.string(),
  /** immediate: at the event, by the event's own code; scheduled: by the automation job. */
  kind: z.enum(['immediate', 'scheduled']),
  enabled: z.boolean(),
  sentCount: z.number(),
  queuedCount: z.number(),
  lastSentAt: z.string().nullable(),
});
export type AutomationRule = z.infer<typeof automationRule>;
export const automationRuleList = z.object({
  rules: z.array(automationRule),
  /** How often the automation job looks (seconds; 0: not on this instance), and product-wide switch. */
  intervalSeconds: z.number(),
  notificationsOn: z.boolean(),
});

export const EMAIL_ANALYTICS_DAYS = [7, 30, 90] as const;
export const emailAnalyticsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (EMAIL_ANALYTICS_DAYS as readonly number[]).includes(d), 'Choose 7, 30 or 90 days')
    .default(30),
});
const counts = { sent: z.number(), failed: z.number(), queued: z.number() };
export const emailAnalytics = z.object({
  days: z.number(),
  totals: z.object(counts),
  byTemplate: z.array(z.object({ templateId: z.string(), name: z.string(), ...counts })),
  byDay: z.array(z.object({ day: z.string(), ...counts })),
});
export type EmailAnalytics = z.infer<typeof emailAnalytics>;

export const outboxListQuery = pagedQuery({
  status: z.enum(EMAIL_STATUSES).optional(),
  /** Matches the recipient's address or the subject. */
  search: searchField,
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const outboxMessage = z.object({
  id: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  toEmail: z.string(),
  toName: z.string().nullable(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  sensitive: z.boolean(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxPage = pageOf(outboxMessage);

/** One message with its body, or why the body is not shown. */
export const outboxMessageDetail = outboxMessage.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
  attachments: z.array(z.object({ kind: z.literal('invoice'), invoiceId: z.string() })),
  /** erased: a sensitive body, erased once sent; admins_only: a sensitive body, shown to admins only. */
  bodyWithheld: z.enum(['erased', 'admins_only']).nullable(),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetail>;

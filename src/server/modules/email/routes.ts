import type { FastifyInstance } from 'fastify';
import { mailTransport } from '../../../shared/contracts/email-delivery';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, errorResponse, successResponse } from '../../../shared/contracts/common';
import {
  automationRuleList,
  emailAnalytics,
  emailAnalyticsQuery,
  emailPreview,
  emailTemplateEnabledInput,
  emailTemplateInput,
  emailTemplateList,
  emailTemplateParams,
  emailTestAnswer,
  emailTestInput,
  outboxListQuery,
  outboxMessageDetail,
  outboxPage,
} from '../../../shared/contracts/email';
import type { EmailTemplateId } from '../../../shared/email-templates';
import { uuidParams } from '../../../shared/contracts/portal';
import { actorOf } from '../audit';
import { generalSettingsOf } from '../system-settings';
import { automationRulesOf } from './automation';
import { emailAnalyticsOf, listOutbox, readOutboxMessage } from './outbox-admin';
import {
  listTemplates,
  previewTemplate,
  resetTemplate,
  saveTemplate,
  sendTestEmail,
  sentByTemplate,
  setTemplateEnabled,
} from './templates';
import type { Services } from '../../services';

const readEmails = access.staffTab('emails');
/** Changing what customers receive is a settings change (docs/email.md). */
const editTemplates = access.staffPermission('emails', 'canEditSettings');

/** Email Settings (docs/email.md): templates, tests, automation rules, analytics, outbox. */
export async function emailRoutes(
  app: FastifyInstance,
  { db, config, email: queue, emailDelivery: delivery }: Services,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const links = { appName: config.appName, publicUrl: config.publicUrl };
  const templateId = (request: { params: { id: string } }) => request.params.id as EmailTemplateId;

  r.get('/api/admin/email/templates', {
    config: { access: readEmails },
    schema: {
      summary: 'Every email template: text in force, enabled switch, placeholders, last sent',
      tags: ['email'],
      response: { 200: emailTemplateList },
    },
    handler: async () => ({ templates: await listTemplates(db) }),
  });

  r.put('/api/admin/email/templates/:id', {
    config: { access: editTemplates },
    schema: {
      summary: "Save a template's subject and body; an unknown placeholder is refused on its field",
      tags: ['email'],
      params: emailTemplateParams,
      body: emailTemplateInput,
      response: { 200: successResponse, 400: errorResponse },
    },
    handler: async (request) => {
      await saveTemplate(db, actorOf(request), templateId(request), request.body);
      return { success: true, message: 'Template saved' };
    },
  });

  r.put('/api/admin/email/templates/:id/enabled', {
    config: { access: editTemplates },
    schema: {
      summary: 'Turn a template on or off (security emails and requested links stay on)',
      tags: ['email'],
      params: emailTemplateParams,
      body: emailTemplateEnabledInput,
      response: { 200: successResponse, 400: errorResponse },
    },
    handler: async (request) => {
      await setTemplateEnabled(db, actorOf(request), templateId(request), request.body.enabled);
      return { success: true, message: request.body.enabled ? 'Template enabled' : 'Template disabled' };
    },
  });

  r.post('/api/admin/email/templates/:id/reset', {
    config: { access: editTemplates },
    schema: {
      summary: "Restore a template's default subject and body",
      tags: ['email'],
      params: emailTemplateParams,
      response: { 200: successResponse },
    },
    handler: async (request) => {
      await resetTemplate(db, actorOf(request), templateId(request));
      return { success: true, message: 'Default text restored' };
    },
  });

  r.post('/api/admin/email/templates/:id/preview', {
    config: { access: readEmails },
    schema: {
      summary: 'A template (or a draft of it) filled with your own data and sample values',
      tags: ['email'],
      params: emailTemplateParams,
      body: emailTemplateInput.partial().optional(),
      response: { 200: emailPreview },
    },
    handler: async (request) => {
      const draft = request.body;
      return previewTemplate(
        db,
        request.staffUser,
        templateId(request),
        draft?.subject && draft.body ? { subject: draft.subject, body: draft.body } : undefined,
        links,
      );
    },
  });

  r.post('/api/admin/email/test', {
    config: { access: readEmails },
    schema: {
      summary: 'Send a template to yourself, marked as a test',
      tags: ['email'],
      body: emailTestInput,
      response: { 200: emailTestAnswer, 502: errorResponse },
    },
    handler: async (request) => {
      const result = await sendTestEmail(
        { db, queue, delivery, config: links },
        actorOf(request),
        request.staffUser,
        request.body.templateId as EmailTemplateId,
      );
      return {
        success: true as const,
        ...result,
        message:
          result.status === 'sent'
            ? `Test email sent to ${result.to}`
            : `No mail server is configured (SMTP_URL, or a SendGrid key in API settings): the test email waits in the Outbox.`,
      };
    },
  });

  // Every staff member: the dashboard and the Communications screen say when no transport is configured.
  r.get('/api/admin/email/transport', {
    config: { access: access.staff },
    schema: {
      summary: 'Whether a mail transport is configured (SMTP_URL, or a SendGrid key), and which',
      tags: ['email'],
      response: { 200: mailTransport },
    },
    handler: async () => {
      const kind = await delivery.transportKind();
      return { configured: kind !== null, kind };
    },
  });

  r.get('/api/admin/email/automation', {
    config: { access: readEmails },
    schema: {
      summary: 'The automation rules: schedule, enabled state and how many each sent',
      tags: ['email'],
      response: { 200: automationRuleList },
    },
    handler: async () => {
      const [templates, sent, general] = await Promise.all([
        listTemplates(db),
        sentByTemplate(db),
        generalSettingsOf(db, config),
      ]);
      return {
        rules: await automationRulesOf(templates, sent),
        intervalSeconds: config.emailAutomationMs / 1000,
        notificationsOn: general.emailNotifications,
      };
    },
  });

  r.get('/api/admin/email/analytics', {
    config: { access: readEmails },
    schema: {
      summary: 'Sent, failed and queued emails by template and by day, from the outbox',
      tags: ['email'],
      querystring: emailAnalyticsQuery,
      response: { 200: emailAnalytics },
    },
    handler: async (request) => emailAnalyticsOf(db, request.query.days),
  });

  r.get('/api/admin/email/outbox', {
    config: { access: readEmails },
    schema: {
      summary: 'The outbox, newest first: status filter, search of address and subject',
      tags: ['email'],
      querystring: outboxListQuery,
      response: { 200: outboxPage },
    },
    handler: async (request) => listOutbox(db, request.query),
  });

  r.get('/api/admin/email/outbox/:id', {
    config: { access: readEmails },
    schema: {
      summary: 'One email with its body (a sensitive one: admins only, while undelivered, audited)',
      tags: ['email'],
      params: uuidParams,
      response: { 200: outboxMessageDetail, 404: errorResponse },
    },
    handler: async (request) =>
      readOutboxMessage({ db, queue }, actorOf(request), request.staffUser.role, request.params.id),
  });
}

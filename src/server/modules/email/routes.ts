import type { FastifyInstance } from 'fastify';
import { mailTransport } from '../../../shared/contracts/email-delivery';
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
import { routesFor } from '../../http/routes-for';

const readEmails = access.staffTab('emails');
/** Changing what customers receive is a settings change (docs/email.md). */
const editTemplates = access.staffPermission('emails', 'canEditSettings');

/** Email Settings (docs/email.md): templates, tests, automation rules, analytics, outbox. */
export async function emailRoutes(
  app: FastifyInstance,
  { db, config, email: queue, emailDelivery: delivery }: Services,
) {
  const route = routesFor(app, 'email');
  const links = { appName: config.appName, publicUrl: config.publicUrl };
  const templateId = (request: { params: { id: string } }) => request.params.id as EmailTemplateId;

  route.get('/api/admin/email/templates', {
    access: readEmails,
    summary: 'Every email template: text in force, enabled switch, placeholders, last sent',
    response: { 200: emailTemplateList },
    handler: async () => ({ templates: await listTemplates(db) }),
  });

  route.put('/api/admin/email/templates/:id', {
    access: editTemplates,
    summary: "Save a template's subject and body; an unknown placeholder is refused on its field",
    params: emailTemplateParams,
    body: emailTemplateInput,
    response: { 200: successResponse, 400: errorResponse },
    handler: async (request) => {
      await saveTemplate(db, actorOf(request), templateId(request), request.body);
      return { success: true, message: 'Template saved' };
    },
  });

  route.put('/api/admin/email/templates/:id/enabled', {
    access: editTemplates,
    summary: 'Turn a template on or off (security emails and requested links stay on)',
    params: emailTemplateParams,
    body: emailTemplateEnabledInput,
    response: { 200: successResponse, 400: errorResponse },
    handler: async (request) => {
      await setTemplateEnabled(db, actorOf(request), templateId(request), request.body.enabled);
      return { success: true, message: request.body.enabled ? 'Template enabled' : 'Template disabled' };
    },
  });

  route.post('/api/admin/email/templates/:id/reset', {
    access: editTemplates,
    summary: "Restore a template's default subject and body",
    params: emailTemplateParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await resetTemplate(db, actorOf(request), templateId(request));
      return { success: true, message: 'Default text restored' };
    },
  });

  route.post('/api/admin/email/templates/:id/preview', {
    access: readEmails,
    summary: 'A template (or a draft of it) filled with your own data and sample values',
    params: emailTemplateParams,
    body: emailTemplateInput.partial().optional(),
    response: { 200: emailPreview },
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

  route.post('/api/admin/email/test', {
    access: readEmails,
    summary: 'Send a template to yourself, marked as a test',
    body: emailTestInput,
    response: { 200: emailTestAnswer, 502: errorResponse },
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
  route.get('/api/admin/email/transport', {
    access: access.staff,
    summary: 'Whether a mail transport is configured (SMTP_URL, or a SendGrid key), and which',
    response: { 200: mailTransport },
    handler: async () => {
      const kind = await delivery.transportKind();
      return { configured: kind !== null, kind };
    },
  });

  route.get('/api/admin/email/automation', {
    access: readEmails,
    summary: 'The automation rules: schedule, enabled state and how many each sent',
    response: { 200: automationRuleList },
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

  route.get('/api/admin/email/analytics', {
    access: readEmails,
    summary: 'Sent, failed and queued emails by template and by day, from the outbox',
    querystring: emailAnalyticsQuery,
    response: { 200: emailAnalytics },
    handler: async (request) => emailAnalyticsOf(db, request.query.days),
  });

  route.get('/api/admin/email/outbox', {
    access: readEmails,
    summary: 'The outbox, newest first: status filter, search of address and subject',
    querystring: outboxListQuery,
    response: { 200: outboxPage },
    handler: async (request) => listOutbox(db, request.query),
  });

  route.get('/api/admin/email/outbox/:id', {
    access: readEmails,
    summary: 'One email with its body (a sensitive one: admins only, while undelivered, audited)',
    params: uuidParams,
    response: { 200: outboxMessageDetail, 404: errorResponse },
    handler: async (request) =>
      readOutboxMessage({ db, queue }, actorOf(request), request.staffUser.role, request.params.id),
  });
}

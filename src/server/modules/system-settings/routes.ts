import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, errorResponse } from '../../../shared/contracts/common';
import {
  apiSettings,
  apiSettingsInput,
  generalSettings,
  generalSettingsInput,
  securitySettingsAnswer,
  securitySettingsInput,
} from '../../../shared/contracts/system-settings';
import { publicContact } from '../../../shared/contracts/contact';
import { actorOf } from '../audit';
import {
  apiSettingsOf,
  generalSettingsOf,
  publicContactOf,
  saveApiSettings,
  saveGeneralSettings,
  saveSecuritySettings,
  securitySettingsOf,
  type SettingsDeps,
} from './service';
import type { Services } from '../../services';

const viewSettings = access.staffPermission('settings', 'canViewSettings');
const editSettings = access.staffPermission('settings', 'canEditSettings');

/** System Settings (docs/system-settings.md): general, API keys and security. */
export async function systemSettingsRoutes(app: FastifyInstance, { database, config, keyring }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: SettingsDeps = {
    db: database.db,
    config,
    keyring,
  };
  const { db } = deps;

  r.get('/api/contact', {
    config: { access: access.public },
    schema: {
      summary: "The landing page's contact details (phone, email, hours) from the general settings",
      tags: ['settings'],
      response: { 200: publicContact },
    },
    handler: async () => publicContactOf(db),
  });

  r.get('/api/admin/general-settings', {
    config: { access: viewSettings },
    schema: {
      summary: 'General settings: company, timezone, date format, currency, language, theme, notifications',
      tags: ['settings'],
      response: { 200: generalSettings },
    },
    handler: async () => generalSettingsOf(db, config),
  });

  r.put('/api/admin/general-settings', {
    config: { access: editSettings },
    schema: {
      summary: 'Change any of the general settings (General, Notifications and Appearance save here)',
      tags: ['settings'],
      body: generalSettingsInput,
      response: { 200: generalSettings },
    },
    handler: async (request) => saveGeneralSettings(deps, actorOf(request), request.body),
  });

  r.get('/api/admin/api-settings', {
    config: { access: viewSettings },
    schema: {
      summary: 'API settings: secrets masked to their last four characters, URLs in full',
      tags: ['settings'],
      response: { 200: apiSettings },
    },
    handler: async () => apiSettingsOf(deps),
  });

  r.put('/api/admin/api-settings', {
    config: { access: editSettings },
    schema: {
      summary: 'Save API keys (sealed at rest): a blank field keeps its value, `clear` removes',
      tags: ['settings'],
      body: apiSettingsInput,
      response: { 200: apiSettings, 503: errorResponse },
    },
    handler: async (request) => saveApiSettings(deps, actorOf(request), request.body),
  });

  r.get('/api/admin/security-settings', {
    config: { access: viewSettings },
    schema: {
      summary: 'Session lifetime, sign-in lockout and audit retention in force',
      tags: ['settings'],
      response: { 200: securitySettingsAnswer },
    },
    handler: async () => securitySettingsOf(db, config),
  });

  r.put('/api/admin/security-settings', {
    config: { access: editSettings },
    schema: {
      summary: 'Change the security settings; honoured from the next sign-in',
      tags: ['settings'],
      body: securitySettingsInput,
      response: { 200: securitySettingsAnswer },
    },
    handler: async (request) => saveSecuritySettings(deps, actorOf(request), request.body),
  });
}

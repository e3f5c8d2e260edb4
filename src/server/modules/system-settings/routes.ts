import type { FastifyInstance } from 'fastify';
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
import { routesFor } from '../../http/routes-for';

const viewSettings = access.staffPermission('settings', 'canViewSettings');
const editSettings = access.staffPermission('settings', 'canEditSettings');

/** System Settings (docs/system-settings.md): general, API keys and security. */
export async function systemSettingsRoutes(app: FastifyInstance, { database, config, keyring }: Services) {
  const route = routesFor(app, 'settings');
  const deps: SettingsDeps = {
    db: database.db,
    config,
    keyring,
  };
  const { db } = deps;

  route.get('/api/contact', {
    access: access.public,
    summary: "The landing page's contact details (phone, email, hours) from the general settings",
    response: { 200: publicContact },
    handler: async () => publicContactOf(db),
  });

  route.get('/api/admin/general-settings', {
    access: viewSettings,
    summary: 'General settings: company, timezone, date format, currency, language, theme, notifications',
    response: { 200: generalSettings },
    handler: async () => generalSettingsOf(db, config),
  });

  route.put('/api/admin/general-settings', {
    access: editSettings,
    summary: 'Change any of the general settings (General, Notifications and Appearance save here)',
    body: generalSettingsInput,
    response: { 200: generalSettings },
    handler: async (request) => saveGeneralSettings(deps, actorOf(request), request.body),
  });

  route.get('/api/admin/api-settings', {
    access: viewSettings,
    summary: 'API settings: secrets masked to their last four characters, URLs in full',
    response: { 200: apiSettings },
    handler: async () => apiSettingsOf(deps),
  });

  route.put('/api/admin/api-settings', {
    access: editSettings,
    summary: 'Save API keys (sealed at rest): a blank field keeps its value, `clear` removes',
    body: apiSettingsInput,
    response: { 200: apiSettings, 503: errorResponse },
    handler: async (request) => saveApiSettings(deps, actorOf(request), request.body),
  });

  route.get('/api/admin/security-settings', {
    access: viewSettings,
    summary: 'Session lifetime, sign-in lockout and audit retention in force',
    response: { 200: securitySettingsAnswer },
    handler: async () => securitySettingsOf(db, config),
  });

  route.put('/api/admin/security-settings', {
    access: editSettings,
    summary: 'Change the security settings; honoured from the next sign-in',
    body: securitySettingsInput,
    response: { 200: securitySettingsAnswer },
    handler: async (request) => saveSecuritySettings(deps, actorOf(request), request.body),
  });
}

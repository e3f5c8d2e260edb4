import {
  INTEGRATION_LABELS,
  INTEGRATIONS,
  type HealthStatus,
  type Integration,
  type IntegrationHealth,
} from '../../../shared/contracts/system-health';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { integrationStatus } from '../../db/schema';
import { configuredApiFields } from '../system-settings';
import { crmConfigOf } from '../crm';
import { crmSyncStateOf } from '../crm';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Each integration as System Health lists it: how it is configured (from the environment and System
 * Settings) and whether its last call failed after its last success.
 */
export async function readIntegrationHealth(
  db: Db,
  config: Pick<Config, 'stripe' | 'smtpUrl' | 'externalDbUrl'>,
): Promise<IntegrationHealth[]> {
  const [api, rows, crm] = await Promise.all([
    configuredApiFields(db),
    db.select().from(integrationStatus),
    crmConfigOf(db),
  ]);
  const byName = new Map(rows.map((r) => [r.integration, r]));
  const modes: Record<Integration, string | null> = {
    payments: config.stripe ? 'Stripe' : 'Sandbox (test cards)',
    email: config.smtpUrl ? 'SMTP' : api.has('sendgridApiKey') ? 'SendGrid' : null,
    crm: crmSyncStateOf(crm, (field) => api.has(field)).mode,
    'external-db': config.externalDbUrl || api.has('externalDbUrl') ? 'Configured' : null,
  };
  return INTEGRATIONS.map((integration) => {
    const row = byName.get(integration);
    const mode = modes[integration];
    const failing = !!row?.lastFailureAt && (!row.lastSuccessAt || row.lastFailureAt > row.lastSuccessAt);
    const status: HealthStatus = !mode ? 'maintenance' : failing ? 'error' : 'healthy';
    return {
      integration,
      label: INTEGRATION_LABELS[integration],
      configured: !!mode,
      mode: mode ?? 'Not configured',
      status,
      lastSuccessAt: iso(row?.lastSuccessAt),
      lastFailureAt: iso(row?.lastFailureAt),
      lastError: row?.lastError ?? null,
    };
  });
}

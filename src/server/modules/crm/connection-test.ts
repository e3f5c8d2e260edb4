import { CRM_PLATFORM_LABELS, type CrmConnectionTest, type CrmPlatform } from '../../../shared/contracts/crm';
import { CrmUnavailable } from '../../integrations/crm/adapter';
import { recordAudit, type AuditActor } from '../audit';
import { recordIntegrationFailure, recordIntegrationSuccess } from '../system-health';
import { crmConfigOf } from './config';
import { credentialsOf, MISSING_CREDENTIALS } from './credentials';
import type { CrmDeps } from './sync';

/** The screen's sentence starts with the CRM's name, as the sync's failures do. */
const named = (crmType: CrmPlatform, message: string) =>
  message.startsWith(CRM_PLATFORM_LABELS[crmType]) ? message : `${CRM_PLATFORM_LABELS[crmType]}: ${message}`;

/**
 * "Test connection" (docs/crm.md): signs in to the CRM with the saved credentials through its
 * real adapter and reads what a sync needs, writing nothing there. Works whether or not the integration
 * is switched on (testing comes before enabling). The outcome is audited (never a key) and, for the CRM
 * in use, reported to System Health like a sync's.
 */
export async function testCrmConnection(
  deps: CrmDeps,
  actor: AuditActor,
  requested: CrmPlatform | undefined,
): Promise<CrmConnectionTest> {
  const config = await crmConfigOf(deps.db);
  const crmType = requested ?? config.crmType;
  const testedAt = (deps.now?.() ?? new Date()).toISOString();
  let outcome: { ok: boolean; message: string };
  const credentials = await credentialsOf(deps, crmType);
  if (!credentials) {
    outcome = { ok: false, message: named(crmType, `${MISSING_CREDENTIALS[crmType]}.`) };
  } else {
    try {
      const adapter = await deps.adapterFor(credentials);
      outcome = { ok: true, message: await adapter.testConnection() };
    } catch (error) {
      if (!(error instanceof CrmUnavailable)) throw error;
      outcome = { ok: false, message: named(crmType, error.message) };
    }
    if (crmType === config.crmType) {
      if (outcome.ok) recordIntegrationSuccess('crm');
      else recordIntegrationFailure('crm', outcome.message);
    }
  }
  await deps.db.transaction(async (tx) => {
    await recordAudit(tx, actor, {
      action: 'crm_test',
      resourceType: 'crm',
      resourceId: crmType,
      success: outcome.ok,
      newValues: { ok: outcome.ok, message: outcome.message },
    });
  });
  return { crmType, ...outcome, testedAt };
}

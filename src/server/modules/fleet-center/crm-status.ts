import { sql } from 'drizzle-orm';
import {
  FLEET_WINDOW_DAYS,
  type FleetCrmEndpoint,
  type FleetCrmStatus,
} from '../../../shared/contracts/fleet-center';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { auditHourCounts, auditLogs } from '../../db/schema';
import { readCrmSyncState } from '../crm';
import { originOf, type ProbeResult } from './fleet-crm-probe';
import { auditCountSince, customerSignIn } from './audit-counts';

const DAY_MS = 86_400_000;

/**
 * Our side of the fleet CRM hand-off (docs/fleet-crm.md). The answer lists only
 * those registered in this server, so the list cannot name an endpoint that does not exist.
 */
export const FLEET_CRM_ENDPOINTS: readonly FleetCrmEndpoint[] = [
  {
    method: 'POST',
    path: '/api/auth/dealer-login',
    purpose: 'Customer sign-in: answers where to send the browser (the fleet CRM or the built-in app)',
  },
  {
    method: 'POST',
    path: '/api/fleet-crm/validate-token',
    purpose: 'Checks the customer token the fleet CRM hands back (built-in: against our own sessions)',
  },
  {
    method: 'POST',
    path: '/api/auth/create-customer-session',
    purpose: 'Auto-login: opens a customer session from a validated token (auth, email, tab)',
  },
  {
    method: 'POST',
    path: '/api/external/customer-redirect',
    purpose: "Staff open a customer's fleet app with a single-use, 5-minute token",
  },
];

export async function fleetCrmStatus(
  db: Db,
  clock: Clock,
  deps: {
    fleetCrmUrl: string | undefined;
    probe: Promise<ProbeResult> | null;
    hasRoute: (endpoint: FleetCrmEndpoint) => boolean;
  },
): Promise<FleetCrmStatus> {
  const now = clock.now();
  const since = new Date(now.getTime() - FLEET_WINDOW_DAYS * DAY_MS);
  const [[signIns], probed, sync] = await Promise.all([
    db
      .select({
        all: auditCountSince(since, auditHourCounts.customerSignIns, customerSignIn),
        // createFleetCrmSession marks its audit row: the session came from the fleet CRM.
        autoLogins: auditCountSince(
          since,
          auditHourCounts.fleetCrmSignIns,
          customerSignIn,
          sql`${auditLogs.newValues}->>'via' = 'fleet-crm'`,
        ),
      })
      .from(sql`(select 1) as counts`),
    deps.probe,
    // The same rule as the CRM screen and System Health.
    readCrmSyncState(db),
  ]);
  return {
    handOff: deps.fleetCrmUrl
      ? {
          mode: 'external',
          target: originOf(deps.fleetCrmUrl),
          reachable: probed?.reachable ?? false,
          checkedAt: probed?.checkedAt.toISOString() ?? null,
        }
      : { mode: 'built-in', target: '/customer-dashboard', reachable: null, checkedAt: null },
    autoLogins30d: signIns?.autoLogins ?? 0,
    signIns30d: signIns?.all ?? 0,
    sync,
    endpoints: FLEET_CRM_ENDPOINTS.filter(deps.hasRoute),
    generatedAt: now.toISOString(),
  };
}

import { queryOptions } from '@tanstack/react-query';
import { fleetAnalytics, fleetCrmStatus, fleetMonitoring } from '@shared/contracts/fleet-center';
import { getJson } from '@client/lib/calls';

/*
 * The Fleet Control Center's figures (docs/fleet-control-center.md). Every key starts with
 * `fleetCenterKey`, so the refresh button and the live notifications poll reach them by that root.
 */

export const fleetCenterKey = ['fleet-center'] as const;

/**
 * What the refresh button reloads: these figures and every customers query (the Customer Fleet
 * sub-tab's list and tiles, whose root the customers area owns: issue 10's shared key agreement).
 */
export const FLEET_CENTER_REFRESH_ROOTS = [fleetCenterKey, ['staff-customers']] as const;

/** GET /api/admin/fleet/analytics */
export const fleetAnalyticsQuery = queryOptions({
  queryKey: [...fleetCenterKey, 'analytics'],
  queryFn: (context) => getJson('/api/admin/fleet/analytics', fleetAnalytics, context),
});

/** GET /api/admin/fleet/monitoring */
export const fleetMonitoringQuery = queryOptions({
  queryKey: [...fleetCenterKey, 'monitoring'],
  queryFn: (context) => getJson('/api/admin/fleet/monitoring', fleetMonitoring, context),
});

/** GET /api/admin/fleet/crm: also the header's status badge. */
export const fleetCrmQuery = queryOptions({
  queryKey: [...fleetCenterKey, 'crm'],
  queryFn: (context) => getJson('/api/admin/fleet/crm', fleetCrmStatus, context),
});

import type { FastifyInstance } from 'fastify';
import { access } from '../../../shared/contracts/common';
import { fleetAnalytics, fleetCrmStatus, fleetMonitoring } from '../../../shared/contracts/fleet-center';
import { fleetAnalytics as analyticsOf } from './analytics';
import { fleetCrmStatus as crmStatusOf } from './crm-status';
import { fleetCrmProbe } from './fleet-crm-probe';
import { fleetMonitoring as monitoringOf } from './monitoring';
import type { Services } from '../../services';
import { routesFor } from '../../http/routes-for';

/** Fleet Control Center figures (docs/fleet-control-center.md): staff who may view customers, fleet tab. */
export async function fleetCenterRoutes(app: FastifyInstance, { db, clock, config }: Services) {
  const route = routesFor(app, 'fleet-center');
  const viewCustomers = access.staffPermission('fleet', 'canViewCustomers');
  const probe = fleetCrmProbe(config.fleetCrmUrl, () => clock.now());

  route.get('/api/admin/fleet/analytics', {
    access: viewCustomers,
    summary: 'Vehicles, drivers, mileage and maintenance across every customer fleet',
    response: { 200: fleetAnalytics },
    handler: async () => analyticsOf(db, clock),
  });

  route.get('/api/admin/fleet/monitoring', {
    access: viewCustomers,
    summary: 'Active customer sessions, sign-ins, fleet changes and alerts across customers',
    response: { 200: fleetMonitoring },
    handler: async () => monitoringOf(db, clock),
  });

  route.get('/api/admin/fleet/crm', {
    access: viewCustomers,
    summary: 'The fleet CRM hand-off as configured, auto-logins and CRM sync status',
    response: { 200: fleetCrmStatus },
    handler: async () =>
      crmStatusOf(db, clock, {
        fleetCrmUrl: config.fleetCrmUrl,
        probe: probe.check(),
        hasRoute: (endpoint) => app.hasRoute({ method: endpoint.method, url: endpoint.path }),
      }),
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeMaintenanceRequest,
  driver,
  driverInput,
  driverListQuery,
  fleetOverview as overviewSchema,
  importCommitRequest,
  importCommitResponse,
  importPreviewRequest,
  importPreviewResponse,
  inviteResponse,
  inviteTeamMemberRequest,
  listOf,
  maintenanceInput,
  maintenanceListQuery,
  maintenanceRecord,
  teamList,
  TEAM_ROLES,
  vehicle,
  vehicleInput,
  vehicleListQuery,
} from '../../../shared/contracts/fleet';
import { VEHICLE_STATUSES, DRIVER_STATUSES } from '../../../shared/statuses';
import { access, successResponse } from '../../../shared/contracts/common';
import { uuidParams } from '../../../shared/contracts/portal';
import { recordAudit } from '../audit';
import { driversCsv, vehiclesCsv } from './csv';
import { createDriver, deleteDriver, driversForExport, listDrivers, updateDriver } from './drivers';
import {
  completeMaintenance,
  createMaintenance,
  deleteMaintenance,
  listMaintenance,
  updateMaintenance,
} from './maintenance';
import { fleetOverview } from './overview';
import { changeMemberRole, inviteMember, listTeam, removeMember } from './team';
import { sendingNow, skippedEmail } from '../email';
import { deliverySentence } from '../../../shared/contracts/email-delivery';
import { isoDay } from '../../../shared/days';
import {
  createVehicles,
  deleteVehicle,
  getVehicle,
  listVehicles,
  previewVehicleImport,
  updateVehicle,
  vehiclesForExport,
} from './vehicles';
import type { Services } from '../../services';
import { customerContext } from '../../http/request-context';

const exportQuery = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({ search: z.string().trim().max(100).optional(), status: z.enum(statuses).optional() });

/** The customer's fleet app (issue 4). Every call is scoped to the signed-in account. */
export async function fleetRoutes(app: FastifyInstance, services: Services) {
  const { clock, config, mail, emailDelivery } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => isoDay(clock.now());
  const ctx = (request: FastifyRequest) => customerContext(request, services);

  r.get('/api/fleet/overview', {
    config: { access: access.customer },
    schema: { tags: ['fleet'], response: { 200: overviewSchema } },
    handler: async (request) =>
      fleetOverview(
        ctx(request),
        // Staff viewing the account are not offered team, billing and plan (docs/impersonation.md).
        request.customerUser.role === 'fleet_admin' && !request.customerUser.impersonator,
        request.customerUser.featureAccess,
      ),
  });

  r.get('/api/fleet/crm-link', {
    config: { access: access.customer },
    schema: {
      tags: ['fleet'],
      summary: 'Where the portal sends the customer for their fleet',
      response: { 200: z.object({ url: z.string() }) },
    },
    handler: async () => ({ url: config.fleetCrmUrl ?? '/fleet-management' }),
  });

  // Vehicles
  r.get('/api/fleet/vehicles', {
    config: { access: access.customerFeature('vehicleTracking') },
    schema: { tags: ['fleet'], querystring: vehicleListQuery, response: { 200: listOf(vehicle) } },
    handler: async (request) => listVehicles(ctx(request), request.query),
  });
  r.get('/api/fleet/vehicles/export.csv', {
    config: { access: access.customerFeature('vehicleTracking', 'reportingAnalytics') },
    schema: { tags: ['fleet'], querystring: exportQuery(VEHICLE_STATUSES) },
    handler: async (request, reply) => {
      const context = ctx(request);
      const rows = await vehiclesForExport(context, request.query);
      await recordAudit(context.db, context.actor, {
        action: 'export',
        resourceType: 'vehicle',
        newValues: { format: 'csv', rows: rows.length, ...request.query },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vehicles-${today()}.csv"`)
        .send(vehiclesCsv(rows));
    },
  });
  r.post('/api/fleet/vehicles/import/preview', {
    config: { access: access.customerFeature('vehicleTracking') },
    // The CSV travels as JSON text, so a 2 MB file needs a little more than the default limit.
    bodyLimit: 3 * 1024 * 1024,
    schema: { tags: ['fleet'], body: importPreviewRequest, response: { 200: importPreviewResponse } },
    handler: async (request) => previewVehicleImport(ctx(request), request.body.csv),
  });
  r.post('/api/fleet/vehicles/import', {
    config: { access: access.customerFeature('vehicleTracking') },
    schema: { tags: ['fleet'], body: importCommitRequest, response: { 200: importCommitResponse } },
    handler: async (request) => {
      const created = await createVehicles(ctx(request), request.body.vehicles);
      return { success: true as const, created: created.length };
    },
  });
  r.get('/api/fleet/vehicles/:id', {
    config: { access: access.customerFeature('vehicleTracking') },
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: vehicle } },
    handler: async (request) => getVehicle(ctx(request), request.params.id),
  });
  r.post('/api/fleet/vehicles', {
    config: { access: access.customerFeature('vehicleTracking') },
    schema: {
      tags: ['fleet'],
      body: vehicleInput,
      response: { 201: z.object({ success: z.literal(true), vehicle }) },
    },
    handler: async (request, reply) => {
      const [created] = await createVehicles(ctx(request), [request.body]);
      return reply.status(201).send({ success: true, vehicle: created! });
    },
  });
  r.put('/api/fleet/vehicles/:id', {
    config: { access: access.customerFeature('vehicleTracking') },
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: vehicleInput,
      response: { 200: z.object({ success: z.literal(true), vehicle }) },
    },
    handler: async (request) => ({
      success: true as const,
      vehicle: await updateVehicle(ctx(request), request.params.id, request.body),
    }),
  });
  r.delete('/api/fleet/vehicles/:id', {
    config: { access: access.customerFeature('vehicleTracking') },
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await deleteVehicle(ctx(request), request.params.id);
      return { success: true, message: 'Vehicle deleted' };
    },
  });

  // Drivers
  r.get('/api/fleet/drivers', {
    config: { access: access.customerFeature('driverManagement') },
    schema: { tags: ['fleet'], querystring: driverListQuery, response: { 200: listOf(driver) } },
    handler: async (request) => listDrivers(ctx(request), request.query),
  });
  r.get('/api/fleet/drivers/export.csv', {
    config: { access: access.customerFeature('driverManagement', 'reportingAnalytics') },
    schema: { tags: ['fleet'], querystring: exportQuery(DRIVER_STATUSES) },
    handler: async (request, reply) => {
      const context = ctx(request);
      const rows = await driversForExport(context, request.query);
      await recordAudit(context.db, context.actor, {
        action: 'export',
        resourceType: 'driver',
        newValues: { format: 'csv', rows: rows.length, ...request.query },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="drivers-${today()}.csv"`)
        .send(driversCsv(rows));
    },
  });
  r.post('/api/fleet/drivers', {
    config: { access: access.customerFeature('driverManagement') },
    schema: {
      tags: ['fleet'],
      body: driverInput,
      response: { 201: z.object({ success: z.literal(true), driver }) },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true,
        driver: await createDriver(ctx(request), request.body),
      }),
  });
  r.put('/api/fleet/drivers/:id', {
    config: { access: access.customerFeature('driverManagement') },
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: driverInput,
      response: { 200: z.object({ success: z.literal(true), driver }) },
    },
    handler: async (request) => ({
      success: true as const,
      driver: await updateDriver(ctx(request), request.params.id, request.body),
    }),
  });
  r.delete('/api/fleet/drivers/:id', {
    config: { access: access.customerFeature('driverManagement') },
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await deleteDriver(ctx(request), request.params.id);
      return { success: true, message: 'Driver deleted' };
    },
  });

  // Maintenance
  const recordResponse = z.object({ success: z.literal(true), record: maintenanceRecord });
  r.get('/api/fleet/maintenance', {
    config: { access: access.customerFeature('maintenanceScheduling') },
    schema: {
      tags: ['fleet'],
      querystring: maintenanceListQuery,
      response: { 200: listOf(maintenanceRecord) },
    },
    handler: async (request) => listMaintenance(ctx(request), request.query),
  });
  r.post('/api/fleet/maintenance', {
    config: { access: access.customerFeature('maintenanceScheduling') },
    schema: { tags: ['fleet'], body: maintenanceInput, response: { 201: recordResponse } },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true,
        record: await createMaintenance(ctx(request), request.body),
      }),
  });
  r.put('/api/fleet/maintenance/:id', {
    config: { access: access.customerFeature('maintenanceScheduling') },
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: maintenanceInput,
      response: { 200: recordResponse },
    },
    handler: async (request) => ({
      success: true as const,
      record: await updateMaintenance(ctx(request), request.params.id, request.body),
    }),
  });
  r.delete('/api/fleet/maintenance/:id', {
    config: { access: access.customerFeature('maintenanceScheduling') },
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await deleteMaintenance(ctx(request), request.params.id);
      return { success: true, message: 'Maintenance deleted' };
    },
  });
  r.post('/api/fleet/maintenance/:id/complete', {
    config: { access: access.customerFeature('maintenanceScheduling') },
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: completeMaintenanceRequest,
      response: { 200: recordResponse.extend({ next: maintenanceRecord.nullable() }) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await completeMaintenance(ctx(request), request.params.id, request.body)),
    }),
  });

  // Team
  r.get('/api/fleet/team', {
    config: { access: access.customer },
    schema: { tags: ['fleet'], response: { 200: teamList } },
    handler: async (request) => {
      const team = await listTeam(ctx(request));
      return { ...team, planName: request.customerUser.planName };
    },
  });
  r.post('/api/fleet/team', {
    config: { access: access.accountAdmin },
    schema: { tags: ['fleet'], body: inviteTeamMemberRequest, response: { 201: inviteResponse } },
    handler: async (request, reply) => {
      const { value, email } = await sendingNow(emailDelivery, ['team_invitation'], () =>
        inviteMember(ctx(request), mail, request.body),
      );
      const { member } = value;
      const delivery = email ?? skippedEmail(member.email);
      return reply.status(201).send({
        success: true,
        member,
        message: `${deliverySentence(`${member.firstName}'s temporary password`, delivery)} They sign in at /customer-login with it, then set their own.`,
        delivery,
      });
    },
  });
  r.patch('/api/fleet/team/:id', {
    config: { access: access.accountAdmin },
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: z.object({ role: z.enum(TEAM_ROLES) }),
      response: { 200: successResponse },
    },
    handler: async (request) => {
      await changeMemberRole(ctx(request), request.params.id, request.body.role);
      return { success: true, message: 'Role updated' };
    },
  });
  r.delete('/api/fleet/team/:id', {
    config: { access: access.accountAdmin },
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await removeMember(ctx(request), request.params.id);
      return { success: true, message: 'Team member removed' };
    },
  });
}

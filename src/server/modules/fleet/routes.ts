import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { crmLinkResponse, uuidParams } from '../../../shared/contracts/portal';
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
import { routesFor } from '../../http/routes-for';
import { sendCsvExport } from '../../http/csv-export';

const exportQuery = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z.object({ search: z.string().trim().max(100).optional(), status: z.enum(statuses).optional() });

/** The customer's fleet app (issue 4). Every call is scoped to the signed-in account. */
export async function fleetRoutes(app: FastifyInstance, services: Services) {
  const { db, clock, config, mail, emailDelivery } = services;
  const route = routesFor(app, 'fleet');
  const ctx = (request: FastifyRequest) => customerContext(request, services);

  route.get('/api/fleet/overview', {
    access: access.customer,
    summary: "The fleet's figures for the portal dashboard",
    response: { 200: overviewSchema },
    handler: async (request) =>
      fleetOverview(
        ctx(request),
        // Staff viewing the account are not offered team, billing and plan (docs/impersonation.md).
        request.customerUser.role === 'fleet_admin' && !request.customerUser.impersonator,
        request.customerUser.featureAccess,
      ),
  });

  route.get('/api/fleet/crm-link', {
    access: access.customer,
    summary: 'Where the portal sends the customer for their fleet',
    response: { 200: crmLinkResponse },
    handler: async () => ({ url: config.fleetCrmUrl ?? '/fleet-management' }),
  });

  // Vehicles
  route.get('/api/fleet/vehicles', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'Vehicles, searched, filtered and sorted',
    querystring: vehicleListQuery,
    response: { 200: listOf(vehicle) },
    handler: async (request) => listVehicles(ctx(request), request.query),
  });
  route.get('/api/fleet/vehicles/export.csv', {
    access: access.customerFeature('vehicleTracking', 'reportingAnalytics'),
    summary: 'Vehicles as a CSV file',
    querystring: exportQuery(VEHICLE_STATUSES),
    handler: async (request, reply) => {
      const rows = await vehiclesForExport(ctx(request), request.query);
      return sendCsvExport(request, reply, {
        db,
        clock,
        resourceType: 'vehicle',
        name: 'vehicles',
        filters: { rows: rows.length, ...request.query },
        csv: vehiclesCsv(rows),
      });
    },
  });
  route.post('/api/fleet/vehicles/import/preview', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'Check a CSV of vehicles: what would be imported, row by row',
    // The CSV travels as JSON text, so a 2 MB file needs a little more than the default limit.
    bodyLimit: 3 * 1024 * 1024,
    body: importPreviewRequest,
    response: { 200: importPreviewResponse },
    handler: async (request) => previewVehicleImport(ctx(request), request.body.csv),
  });
  route.post('/api/fleet/vehicles/import', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'Create the vehicles of a checked CSV',
    body: importCommitRequest,
    response: { 200: importCommitResponse },
    handler: async (request) => {
      const created = await createVehicles(ctx(request), request.body.vehicles);
      return { success: true as const, created: created.length };
    },
  });
  route.get('/api/fleet/vehicles/:id', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'One vehicle',
    params: uuidParams,
    response: { 200: vehicle },
    handler: async (request) => getVehicle(ctx(request), request.params.id),
  });
  route.post('/api/fleet/vehicles', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'Add a vehicle',
    body: vehicleInput,
    response: { 201: z.object({ success: z.literal(true), vehicle }) },
    handler: async (request, reply) => {
      const [created] = await createVehicles(ctx(request), [request.body]);
      return reply.status(201).send({ success: true, vehicle: created! });
    },
  });
  route.put('/api/fleet/vehicles/:id', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'Edit a vehicle',
    params: uuidParams,
    body: vehicleInput,
    response: { 200: z.object({ success: z.literal(true), vehicle }) },
    handler: async (request) => ({
      success: true as const,
      vehicle: await updateVehicle(ctx(request), request.params.id, request.body),
    }),
  });
  route.delete('/api/fleet/vehicles/:id', {
    access: access.customerFeature('vehicleTracking'),
    summary: 'Delete a vehicle',
    params: uuidParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await deleteVehicle(ctx(request), request.params.id);
      return { success: true, message: 'Vehicle deleted' };
    },
  });

  // Drivers
  route.get('/api/fleet/drivers', {
    access: access.customerFeature('driverManagement'),
    summary: 'Drivers, searched, filtered and sorted',
    querystring: driverListQuery,
    response: { 200: listOf(driver) },
    handler: async (request) => listDrivers(ctx(request), request.query),
  });
  route.get('/api/fleet/drivers/export.csv', {
    access: access.customerFeature('driverManagement', 'reportingAnalytics'),
    summary: 'Drivers as a CSV file',
    querystring: exportQuery(DRIVER_STATUSES),
    handler: async (request, reply) => {
      const rows = await driversForExport(ctx(request), request.query);
      return sendCsvExport(request, reply, {
        db,
        clock,
        resourceType: 'driver',
        name: 'drivers',
        filters: { rows: rows.length, ...request.query },
        csv: driversCsv(rows),
      });
    },
  });
  route.post('/api/fleet/drivers', {
    access: access.customerFeature('driverManagement'),
    summary: 'Add a driver',
    body: driverInput,
    response: { 201: z.object({ success: z.literal(true), driver }) },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true,
        driver: await createDriver(ctx(request), request.body),
      }),
  });
  route.put('/api/fleet/drivers/:id', {
    access: access.customerFeature('driverManagement'),
    summary: 'Edit a driver',
    params: uuidParams,
    body: driverInput,
    response: { 200: z.object({ success: z.literal(true), driver }) },
    handler: async (request) => ({
      success: true as const,
      driver: await updateDriver(ctx(request), request.params.id, request.body),
    }),
  });
  route.delete('/api/fleet/drivers/:id', {
    access: access.customerFeature('driverManagement'),
    summary: 'Delete a driver',
    params: uuidParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await deleteDriver(ctx(request), request.params.id);
      return { success: true, message: 'Driver deleted' };
    },
  });

  // Maintenance
  const recordResponse = z.object({ success: z.literal(true), record: maintenanceRecord });
  route.get('/api/fleet/maintenance', {
    access: access.customerFeature('maintenanceScheduling'),
    summary: 'Maintenance records, searched, filtered and sorted',
    querystring: maintenanceListQuery,
    response: { 200: listOf(maintenanceRecord) },
    handler: async (request) => listMaintenance(ctx(request), request.query),
  });
  route.post('/api/fleet/maintenance', {
    access: access.customerFeature('maintenanceScheduling'),
    summary: 'Schedule maintenance',
    body: maintenanceInput,
    response: { 201: recordResponse },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true,
        record: await createMaintenance(ctx(request), request.body),
      }),
  });
  route.put('/api/fleet/maintenance/:id', {
    access: access.customerFeature('maintenanceScheduling'),
    summary: 'Edit a maintenance record',
    params: uuidParams,
    body: maintenanceInput,
    response: { 200: recordResponse },
    handler: async (request) => ({
      success: true as const,
      record: await updateMaintenance(ctx(request), request.params.id, request.body),
    }),
  });
  route.delete('/api/fleet/maintenance/:id', {
    access: access.customerFeature('maintenanceScheduling'),
    summary: 'Delete a maintenance record',
    params: uuidParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await deleteMaintenance(ctx(request), request.params.id);
      return { success: true, message: 'Maintenance deleted' };
    },
  });
  route.post('/api/fleet/maintenance/:id/complete', {
    access: access.customerFeature('maintenanceScheduling'),
    summary: 'Mark maintenance done and, when asked, schedule the next one',
    params: uuidParams,
    body: completeMaintenanceRequest,
    response: { 200: recordResponse.extend({ next: maintenanceRecord.nullable() }) },
    handler: async (request) => ({
      success: true as const,
      ...(await completeMaintenance(ctx(request), request.params.id, request.body)),
    }),
  });

  // Team
  route.get('/api/fleet/team', {
    access: access.customer,
    summary: "The account's team members and the plan's seat limit",
    response: { 200: teamList },
    handler: async (request) => {
      const team = await listTeam(ctx(request));
      return { ...team, planName: request.customerUser.planName };
    },
  });
  route.post('/api/fleet/team', {
    access: access.accountAdmin,
    summary: 'Invite a team member by email',
    body: inviteTeamMemberRequest,
    response: { 201: inviteResponse },
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
  route.patch('/api/fleet/team/:id', {
    access: access.accountAdmin,
    summary: "Change a team member's role",
    params: uuidParams,
    body: z.object({ role: z.enum(TEAM_ROLES) }),
    response: { 200: successResponse },
    handler: async (request) => {
      await changeMemberRole(ctx(request), request.params.id, request.body.role);
      return { success: true, message: 'Role updated' };
    },
  });
  route.delete('/api/fleet/team/:id', {
    access: access.accountAdmin,
    summary: 'Remove a team member',
    params: uuidParams,
    response: { 200: successResponse },
    handler: async (request) => {
      await removeMember(ctx(request), request.params.id);
      return { success: true, message: 'Team member removed' };
    },
  });
}

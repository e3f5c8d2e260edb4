import type { FastifyInstance } from 'fastify';
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
  VEHICLE_STATUSES,
  DRIVER_STATUSES,
} from '../../../shared/contracts/fleet';
import { successResponse } from '../../../shared/contracts/common';
import { uuidParams } from '../../../shared/contracts/portal';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { actorOf } from '../audit/service';
import { driversCsv, previewVehicleCsv, vehiclesCsv } from './csv';
import { createDriver, deleteDriver, driversForExport, listDrivers, updateDriver } from './drivers';
import { lockAccount, countedVehicles } from './limits';
import {
  completeMaintenance,
  createMaintenance,
  deleteMaintenance,
  isoDay,
  listMaintenance,
  updateMaintenance,
} from './maintenance';
import { fleetOverview } from './overview';
import { changeMemberRole, inviteMember, listTeam, removeMember } from './team';
import {
  createVehicles,
  deleteVehicle,
  existingIdentifiers,
  getVehicle,
  listVehicles,
  updateVehicle,
  vehiclesForExport,
} from './vehicles';

const anyone = { access: { customer: true } } as const;
const fleetAdmin = { access: { customer: 'fleet_admin' } } as const;
const exportQuery = (statuses: readonly [string, ...string[]]) =>
  z.object({ search: z.string().trim().max(100).optional(), status: z.enum(statuses).optional() });

/** The customer's fleet app (issue 4). Every call is scoped to the signed-in account. */
export async function fleetRoutes(
  app: FastifyInstance,
  { db, clock, config }: { db: Db; clock: Clock; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const today = () => isoDay(clock.now());
  const account = (request: { customerUser: { id: string } }) => request.customerUser.id;

  r.get('/api/fleet/overview', {
    config: anyone,
    schema: { tags: ['fleet'], response: { 200: overviewSchema } },
    handler: async (request) =>
      fleetOverview(db, account(request), today(), request.customerUser.role === 'fleet_admin'),
  });

  r.get('/api/fleet/crm-link', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      summary: 'Where the portal sends the customer for their fleet',
      response: { 200: z.object({ url: z.string() }) },
    },
    handler: async () => ({ url: config.fleetCrmUrl ?? '/fleet-management' }),
  });

  // Vehicles
  r.get('/api/fleet/vehicles', {
    config: anyone,
    schema: { tags: ['fleet'], querystring: vehicleListQuery, response: { 200: listOf(vehicle) } },
    handler: async (request) => listVehicles(db, account(request), request.query),
  });
  r.get('/api/fleet/vehicles/export.csv', {
    config: anyone,
    schema: { tags: ['fleet'], querystring: exportQuery(VEHICLE_STATUSES) },
    handler: async (request, reply) => {
      const rows = await vehiclesForExport(db, account(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vehicles-${today()}.csv"`)
        .send(vehiclesCsv(rows));
    },
  });
  r.post('/api/fleet/vehicles/import/preview', {
    config: anyone,
    // The CSV travels as JSON text, so a 2 MB file needs a little more than the default limit.
    bodyLimit: 3 * 1024 * 1024,
    schema: { tags: ['fleet'], body: importPreviewRequest, response: { 200: importPreviewResponse } },
    handler: async (request) => {
      const customerId = account(request);
      const preview = previewVehicleCsv(request.body.csv, await existingIdentifiers(db, customerId));
      const limits = await db.transaction(async (tx) => {
        const l = await lockAccount(tx, customerId);
        return { ...l, used: await countedVehicles(tx, customerId) };
      });
      return {
        ...preview,
        remaining: limits.vehicleLimit === null ? null : Math.max(0, limits.vehicleLimit - limits.used),
        planName: limits.planName,
      };
    },
  });
  r.post('/api/fleet/vehicles/import', {
    config: anyone,
    schema: { tags: ['fleet'], body: importCommitRequest, response: { 200: importCommitResponse } },
    handler: async (request) => {
      const created = await createVehicles(
        db,
        actorOf(request),
        account(request),
        request.body.vehicles,
        clock.now(),
      );
      return { success: true as const, created: created.length };
    },
  });
  r.get('/api/fleet/vehicles/:id', {
    config: anyone,
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: vehicle } },
    handler: async (request) => getVehicle(db, account(request), request.params.id),
  });
  r.post('/api/fleet/vehicles', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      body: vehicleInput,
      response: { 201: z.object({ success: z.literal(true), vehicle }) },
    },
    handler: async (request, reply) => {
      const [created] = await createVehicles(
        db,
        actorOf(request),
        account(request),
        [request.body],
        clock.now(),
      );
      return reply.status(201).send({ success: true, vehicle: created! });
    },
  });
  r.put('/api/fleet/vehicles/:id', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: vehicleInput,
      response: { 200: z.object({ success: z.literal(true), vehicle }) },
    },
    handler: async (request) => ({
      success: true as const,
      vehicle: await updateVehicle(
        db,
        actorOf(request),
        account(request),
        request.params.id,
        request.body,
        clock.now(),
      ),
    }),
  });
  r.delete('/api/fleet/vehicles/:id', {
    config: anyone,
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await deleteVehicle(db, actorOf(request), account(request), request.params.id);
      return { success: true, message: 'Vehicle deleted' };
    },
  });

  // Drivers
  r.get('/api/fleet/drivers', {
    config: anyone,
    schema: { tags: ['fleet'], querystring: driverListQuery, response: { 200: listOf(driver) } },
    handler: async (request) => listDrivers(db, account(request), request.query),
  });
  r.get('/api/fleet/drivers/export.csv', {
    config: anyone,
    schema: { tags: ['fleet'], querystring: exportQuery(DRIVER_STATUSES) },
    handler: async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="drivers-${today()}.csv"`)
        .send(driversCsv(await driversForExport(db, account(request), request.query))),
  });
  r.post('/api/fleet/drivers', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      body: driverInput,
      response: { 201: z.object({ success: z.literal(true), driver }) },
    },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true,
        driver: await createDriver(db, actorOf(request), account(request), request.body),
      }),
  });
  r.put('/api/fleet/drivers/:id', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: driverInput,
      response: { 200: z.object({ success: z.literal(true), driver }) },
    },
    handler: async (request) => ({
      success: true as const,
      driver: await updateDriver(db, actorOf(request), account(request), request.params.id, request.body),
    }),
  });
  r.delete('/api/fleet/drivers/:id', {
    config: anyone,
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await deleteDriver(db, actorOf(request), account(request), request.params.id);
      return { success: true, message: 'Driver deleted' };
    },
  });

  // Maintenance
  const recordResponse = z.object({ success: z.literal(true), record: maintenanceRecord });
  r.get('/api/fleet/maintenance', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      querystring: maintenanceListQuery,
      response: { 200: listOf(maintenanceRecord) },
    },
    handler: async (request) => listMaintenance(db, account(request), request.query, today()),
  });
  r.post('/api/fleet/maintenance', {
    config: anyone,
    schema: { tags: ['fleet'], body: maintenanceInput, response: { 201: recordResponse } },
    handler: async (request, reply) =>
      reply.status(201).send({
        success: true,
        record: await createMaintenance(db, actorOf(request), account(request), request.body, today()),
      }),
  });
  r.put('/api/fleet/maintenance/:id', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: maintenanceInput,
      response: { 200: recordResponse },
    },
    handler: async (request) => ({
      success: true as const,
      record: await updateMaintenance(
        db,
        actorOf(request),
        account(request),
        request.params.id,
        request.body,
        today(),
      ),
    }),
  });
  r.delete('/api/fleet/maintenance/:id', {
    config: anyone,
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await deleteMaintenance(db, actorOf(request), account(request), request.params.id, today());
      return { success: true, message: 'Maintenance deleted' };
    },
  });
  r.post('/api/fleet/maintenance/:id/complete', {
    config: anyone,
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: completeMaintenanceRequest,
      response: { 200: recordResponse.extend({ next: maintenanceRecord.nullable() }) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await completeMaintenance(
        db,
        actorOf(request),
        account(request),
        request.params.id,
        request.body,
        today(),
      )),
    }),
  });

  // Team
  r.get('/api/fleet/team', {
    config: anyone,
    schema: { tags: ['fleet'], response: { 200: teamList } },
    handler: async (request) => {
      const team = await listTeam(db, account(request));
      return { ...team, planName: request.customerUser.planName };
    },
  });
  r.post('/api/fleet/team', {
    config: fleetAdmin,
    schema: { tags: ['fleet'], body: inviteTeamMemberRequest, response: { 201: inviteResponse } },
    handler: async (request, reply) => {
      const { member, temporaryPassword } = await inviteMember(
        db,
        actorOf(request),
        account(request),
        request.body,
      );
      return reply.status(201).send({
        success: true,
        member,
        temporaryPassword,
        message: `${member.firstName} can now sign in at /customer-login with ${member.email} and this temporary password, then set their own.`,
      });
    },
  });
  r.patch('/api/fleet/team/:id', {
    config: fleetAdmin,
    schema: {
      tags: ['fleet'],
      params: uuidParams,
      body: z.object({ role: z.enum(TEAM_ROLES) }),
      response: { 200: successResponse },
    },
    handler: async (request) => {
      await changeMemberRole(db, actorOf(request), account(request), request.params.id, request.body.role);
      return { success: true, message: 'Role updated' };
    },
  });
  r.delete('/api/fleet/team/:id', {
    config: fleetAdmin,
    schema: { tags: ['fleet'], params: uuidParams, response: { 200: successResponse } },
    handler: async (request) => {
      await removeMember(db, actorOf(request), account(request), request.params.id);
      return { success: true, message: 'Team member removed' };
    },
  });
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { successResponse } from '@shared/contracts/common';
import {
  driverPage,
  driverSaved,
  fleetOverview,
  importCommitResponse,
  importPreviewResponse,
  inviteResponse,
  maintenanceCompleted,
  maintenancePage,
  maintenanceSaved,
  teamList,
  vehicle,
  vehiclePage,
  vehicleSaved,
  type DriverInput,
  type DriverListParams,
  type MaintenanceInput,
  type MaintenanceListParams,
  type TeamRole,
  type Vehicle,
  type VehicleInput,
  type VehicleListParams,
  type completeMaintenanceRequest,
  type inviteTeamMemberRequest,
} from '@shared/contracts/fleet';
import type { z } from 'zod';
import { ApiError, apiJson, getJson, searchParams, type Contract, apiMutation } from '@client/lib/calls';

/*
 * Every call of the fleet app (/fleet-management): one query factory per endpoint, one hook per change,
 * each answer parsed with the fleet contract, and what each change makes stale named by key.
 */

export const fleetOverviewKey = ['/api/fleet/overview'] as const;
export const teamKey = ['/api/fleet/team'] as const;
export const vehiclesKey = ['/api/fleet/vehicles'] as const;
export const driversKey = ['/api/fleet/drivers'] as const;
export const maintenanceKey = ['/api/fleet/maintenance'] as const;

const enc = encodeURIComponent;
/** Fleet lists are fresh for 30 s: long enough for tab switches, short enough for a colleague's change. */
const FRESH = 30_000;

type ListParams = Parameters<typeof searchParams>[0];

/** One page of a server-paged list, keyed by its parameters; the last page stays while the next loads. */
function pageQuery<K extends readonly [string], P extends ListParams, S extends Contract>(
  key: K,
  page: S,
  query: P,
) {
  return queryOptions({
    queryKey: [...key, query],
    queryFn: (context) => getJson(`${key[0]}?${searchParams(query)}`, page, context),
    placeholderData: keepPreviousData,
    staleTime: FRESH,
  });
}

/** POST a new row (id null) to a list's path, or PUT an existing one at its own path. */
function saveAt<I, S extends Contract>(key: readonly [string], saved: S) {
  return ({ id, input }: { id: string | null; input: I }) =>
    id ? apiJson('PUT', `${key[0]}/${enc(id)}`, saved, input) : apiJson('POST', key[0], saved, input);
}

/** DELETE one row of a list, at its own path. */
function deleteAt(key: readonly [string]) {
  return (id: string) => apiJson('DELETE', `${key[0]}/${enc(id)}`, successResponse);
}

/* ---------------------------------------------------------------- overview */

export const fleetOverviewQuery = queryOptions({
  queryKey: fleetOverviewKey,
  queryFn: (context) => getJson(fleetOverviewKey[0], fleetOverview, context),
  staleTime: FRESH,
  refetchOnMount: true,
});

/* ---------------------------------------------------------------- vehicles */

/** Rows per page of the vehicle, driver and maintenance lists. */
export const FLEET_PAGE_SIZE = 25;

/** GET /api/fleet/vehicles: paged, searched and sorted on the server. */
export const vehiclesQuery = (query: VehicleListParams) =>
  queryOptions({ ...pageQuery(vehiclesKey, vehiclePage, query), refetchOnMount: true });

/** GET /api/fleet/vehicles/{id}: one vehicle (a filter's label after a reload). */
export const vehicleQuery = (id: string) =>
  queryOptions({
    queryKey: [...vehiclesKey, { id }],
    queryFn: (context) => getJson(`${vehiclesKey[0]}/${enc(id)}`, vehicle, context),
    staleTime: FRESH,
  });

/** POST a new vehicle (id null) or PUT an existing one (the whole record). */
export const useSaveVehicle = apiMutation(
  saveAt<VehicleInput, typeof vehicleSaved>(vehiclesKey, vehicleSaved),
);

export const useDeleteVehicle = apiMutation(deleteAt(vehiclesKey));

/** The vehicle as the form and PUT expect it (every field of vehicleInput). */
export function vehicleToInput(v: Vehicle, overrides: Partial<VehicleInput> = {}): VehicleInput {
  const { make, model, year, vin, licensePlate, status, mileage, fuelLevel, location } = v;
  return { make, model, year, vin, licensePlate, status, mileage, fuelLevel, location, ...overrides };
}

/* ---------------------------------------------------------------- import and export */

/** The CSV export addresses: every row that matches the filter, not just the page on screen. */
export function exportUrl(
  kind: 'vehicles' | 'drivers',
  filter: { search?: string; status?: string },
): string {
  const qs = searchParams(filter);
  return `/api/fleet/${kind}/export.csv${qs ? `?${qs}` : ''}`;
}

/** POST /api/fleet/vehicles/import/preview: the server checks every row against the shared schema. */
export const useImportPreview = apiMutation((csv: string) =>
  apiJson('POST', `${vehiclesKey[0]}/import/preview`, importPreviewResponse, { csv }),
);

/** POST /api/fleet/vehicles/import: one chunk (at most IMPORT_CHUNK_ROWS vehicles), each saved on its own. */
export const useImportVehicleChunk = apiMutation((vehicles: VehicleInput[]) =>
  apiJson('POST', `${vehiclesKey[0]}/import`, importCommitResponse, { vehicles }),
);

export type LimitRefusal = { message: string; planName: string | null; limit: number | null };

/** A 409 `limit_reached` answer (a plan's vehicle or user limit), or null for any other error. */
export function limitRefusalOf(
  error: unknown,
  fallback = 'Your plan limit has been reached.',
): LimitRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.errorType !== 'limit_reached')
    return null;
  const { planName, limit } = error.body ?? {};
  return {
    message: error.serverMessage ?? fallback,
    planName: typeof planName === 'string' ? planName : null,
    limit: typeof limit === 'number' ? limit : null,
  };
}

/* ---------------------------------------------------------------- drivers */

export const driversQuery = (query: DriverListParams) => pageQuery(driversKey, driverPage, query);

/** POST a new driver (id null) or PUT an existing one. */
export const useSaveDriver = apiMutation(saveAt<DriverInput, typeof driverSaved>(driversKey, driverSaved));

export const useDeleteDriver = apiMutation(deleteAt(driversKey));

/* ---------------------------------------------------------------- maintenance */

export const maintenanceQuery = (query: MaintenanceListParams) =>
  pageQuery(maintenanceKey, maintenancePage, query);

/** POST a new record (id null) or PUT an existing one. */
export const useSaveMaintenance = apiMutation(
  saveAt<MaintenanceInput, typeof maintenanceSaved>(maintenanceKey, maintenanceSaved),
);

export const useDeleteMaintenance = apiMutation(deleteAt(maintenanceKey));

export const useCompleteMaintenance = apiMutation(
  ({ id, input }: { id: string; input: z.input<typeof completeMaintenanceRequest> }) =>
    apiJson('POST', `${maintenanceKey[0]}/${enc(id)}/complete`, maintenanceCompleted, input),
);

/* ---------------------------------------------------------------- team */

/**
 * GET /api/fleet/team: every member at once (the plan's user limit keeps it short), with the usage
 * figures; `items` and `total` let the list states show it like any list.
 */
export const teamQuery = queryOptions({
  queryKey: teamKey,
  queryFn: (context) => getJson(teamKey[0], teamList, context),
  select: (team) => ({ ...team, items: team.members, total: team.members.length }),
  staleTime: FRESH,
});

export const useInviteMember = apiMutation((input: z.output<typeof inviteTeamMemberRequest>) =>
  apiJson('POST', teamKey[0], inviteResponse, input),
);

export const useChangeRole = apiMutation(({ id, role }: { id: string; role: TeamRole }) =>
  apiJson('PATCH', `${teamKey[0]}/${enc(id)}`, successResponse, { role }),
);

export const useRemoveMember = apiMutation(deleteAt(teamKey));

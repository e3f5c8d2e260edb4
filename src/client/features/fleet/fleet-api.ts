import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { SessionCustomer } from '@shared/contracts/auth';
import type {
  FleetOverview,
  Vehicle,
  VehicleInput,
  VehicleStatus,
  VEHICLE_SORTS,
  importCommitResponse,
  importPreviewResponse,
} from '@shared/contracts/fleet';
import { ApiError, apiJsonUnchecked, apiRequest, readJson, throwIfResNotOk } from '@client/lib/api';

/*
 * The fleet app's shell, overview, vehicles and import/export calls, with the cache invalidation each
 * change implies. Query keys start with the URL, as the shared loader expects. (Drivers, maintenance
 * and team keep their calls beside their tabs.)
 */

export type VehicleSort = (typeof VEHICLE_SORTS)[number];
export type VehicleListParams = {
  page: number;
  pageSize: number;
  search: string;
  status: VehicleStatus | '';
  sort: VehicleSort;
};
export type VehiclePage = { items: Vehicle[]; total: number; page: number; pageSize: number };
export type ImportPreview = z.infer<typeof importPreviewResponse>;
export type ImportCommitResult = z.infer<typeof importCommitResponse>;

/** Rows per page of the vehicle list. */
export const VEHICLE_PAGE_SIZE = 25;

const AUTH_KEY = ['/api/auth/customer'] as const;
export const FLEET_OVERVIEW_KEY = ['/api/fleet/overview'] as const;
const VEHICLES_URL = '/api/fleet/vehicles';

type AuthState = { isAuthenticated: boolean; customer: SessionCustomer | null };

/**
 * GET /api/auth/customer, checked again on every visit (as the portal does) so a session that ended
 * elsewhere is noticed. It shares the portal's cache entry: same URL, same answer.
 */
export function useFleetSession(): { customer: SessionCustomer | null; isChecking: boolean } {
  const query = useQuery<AuthState>({
    queryKey: AUTH_KEY,
    queryFn: async ({ signal }) => {
      const res = await fetch(AUTH_KEY[0], { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return (await readJson(res)) as AuthState;
    },
    retry: false,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const customer = query.data?.isAuthenticated ? query.data.customer : null;
  return { customer: query.isFetching ? null : customer, isChecking: query.isFetching };
}

function fleetKey({ queryKey }: { queryKey: readonly unknown[] }): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].startsWith('/api/fleet/');
}

/**
 * A vehicle change moves the overview's counts and usage, the driver and maintenance lists (they show
 * vehicle names) and the portal's vehicle count, so every fleet answer and the portal profile are refreshed.
 */
function invalidateAfterVehicleChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      fleetKey(query) ||
      (typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/customer/profile/')),
  });
}

/** GET /api/fleet/overview. */
export function useFleetOverview() {
  return useQuery<FleetOverview>({ queryKey: FLEET_OVERVIEW_KEY, staleTime: 30_000, refetchOnMount: true });
}

export function vehicleListUrl(params: VehicleListParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    sort: params.sort,
  });
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  return `${VEHICLES_URL}?${query.toString()}`;
}

/** GET /api/fleet/vehicles: paged, searched and sorted on the server; the last page stays while the next loads. */
export function useVehicles(params: VehicleListParams) {
  return useQuery<VehiclePage>({
    queryKey: [vehicleListUrl(params)],
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    refetchOnMount: true,
  });
}

/** POST /api/fleet/vehicles. */
export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VehicleInput) =>
      apiJsonUnchecked<{ success: true; vehicle: Vehicle }>('POST', VEHICLES_URL, input),
    onSuccess: () => invalidateAfterVehicleChange(queryClient),
  });
}

/** PUT /api/fleet/vehicles/{id} (the whole record). */
export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: VehicleInput }) =>
      apiJsonUnchecked<{ success: true; vehicle: Vehicle }>('PUT', `${VEHICLES_URL}/${encodeURIComponent(id)}`, input),
    onSuccess: () => invalidateAfterVehicleChange(queryClient),
  });
}

/** DELETE /api/fleet/vehicles/{id}. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${VEHICLES_URL}/${encodeURIComponent(id)}`),
    onSuccess: () => invalidateAfterVehicleChange(queryClient),
  });
}

/** The vehicle as the form and PUT expect it (every field of vehicleInput). */
export function vehicleToInput(v: Vehicle, overrides: Partial<VehicleInput> = {}): VehicleInput {
  return {
    make: v.make,
    model: v.model,
    year: v.year,
    vin: v.vin,
    licensePlate: v.licensePlate,
    status: v.status,
    mileage: v.mileage,
    fuelLevel: v.fuelLevel,
    location: v.location,
    ...overrides,
  };
}

/** The CSV export addresses: every row that matches the filter, not just the page on screen. */
export function exportUrl(
  kind: 'vehicles' | 'drivers',
  filter: { search?: string; status?: string },
): string {
  const query = new URLSearchParams();
  if (filter.search) query.set('search', filter.search);
  if (filter.status) query.set('status', filter.status);
  const qs = query.toString();
  return `/api/fleet/${kind}/export.csv${qs ? `?${qs}` : ''}`;
}

/** POST /api/fleet/vehicles/import/preview: the server checks every row against the shared schema. */
export function useImportPreview() {
  return useMutation({
    mutationFn: (csv: string) => apiJsonUnchecked<ImportPreview>('POST', `${VEHICLES_URL}/import/preview`, { csv }),
  });
}

/** POST /api/fleet/vehicles/import: one chunk (at most IMPORT_CHUNK_ROWS vehicles). */
export function importVehicleChunk(vehicles: VehicleInput[]): Promise<ImportCommitResult> {
  return apiJsonUnchecked<ImportCommitResult>('POST', `${VEHICLES_URL}/import`, { vehicles });
}

/** After an import (complete or stopped part-way): the list, counts and usage changed. */
export function useInvalidateAfterImport(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => invalidateAfterVehicleChange(queryClient);
}

export type LimitRefusal = { message: string; planName: string | null; limit: number | null };

/** A 409 `limit_reached` answer, or null for any other error. */
export function limitRefusalOf(error: unknown): LimitRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.errorType !== 'limit_reached') return null;
  const { planName, limit } = error.body ?? {};
  return {
    message: error.serverMessage ?? 'Your plan limit has been reached.',
    planName: typeof planName === 'string' ? planName : null,
    limit: typeof limit === 'number' ? limit : null,
  };
}

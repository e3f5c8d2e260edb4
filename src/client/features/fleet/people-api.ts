import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { SessionCustomer } from '@shared/contracts/auth';
import type {
  Driver,
  DriverInput,
  DriverStatus,
  MaintenanceInput,
  MaintenanceRecord,
  TeamMember,
  TeamRole,
  Vehicle,
  completeMaintenanceRequest,
  inviteResponse,
  inviteTeamMemberRequest,
  teamList,
} from '@shared/contracts/fleet';
import { MAINTENANCE_STATES } from '@shared/contracts/fleet';
import { apiJsonUnchecked, getQueryFn } from '@client/lib/api';

/*
 * The fleet app's drivers, maintenance and team calls (issue 4), with the cache invalidation each
 * change implies. Query keys start with the URL, as the shared loader expects. Other fleet screens
 * (overview, vehicles) keep their own keys; they are reached here by URL prefix so a driver or a
 * maintenance change refreshes them without importing their api file.
 */

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];
export type CompleteMaintenanceInput = z.input<typeof completeMaintenanceRequest>;
export type InviteInput = z.input<typeof inviteTeamMemberRequest>;
export type InviteResult = z.infer<typeof inviteResponse>;
export type TeamList = z.infer<typeof teamList>;
export type { TeamMember, TeamRole };

const DRIVERS_URL = '/api/fleet/drivers';
const MAINTENANCE_URL = '/api/fleet/maintenance';
const TEAM_URL = '/api/fleet/team';
const VEHICLES_URL = '/api/fleet/vehicles';
const OVERVIEW_URL = '/api/fleet/overview';
const CUSTOMER_AUTH_URL = '/api/auth/customer';

/** Rows per page of the drivers and maintenance lists. */
export const PEOPLE_PAGE_SIZE = 25;
/** Vehicles offered at once by a picker: enough to choose from, the search box finds the rest. */
const PICKER_PAGE_SIZE = 20;

function withQuery(url: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${url}?${text}` : url;
}

/** Invalidates every cached query whose URL starts with one of the prefixes. */
function invalidateUrls(queryClient: QueryClient, ...prefixes: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query: Query) => {
      const first = query.queryKey[0];
      return typeof first === 'string' && prefixes.some((prefix) => first.startsWith(prefix));
    },
  });
}

/* ---------------------------------------------------------------- session */

/**
 * GET /api/auth/customer (the same cache entry the portal uses): the signed-in person's role decides
 * whether the team can be managed here.
 */
export function useFleetSession(): { customer: SessionCustomer | null; isPending: boolean } {
  const query = useQuery({
    queryKey: [CUSTOMER_AUTH_URL],
    queryFn: getQueryFn<{ isAuthenticated: boolean; customer: SessionCustomer | null } | null>({
      on401: 'returnNull',
    }),
  });
  const customer = query.data?.isAuthenticated ? query.data.customer : null;
  return { customer, isPending: query.isPending };
}

/* ---------------------------------------------------------------- vehicles for pickers */

/** GET /api/fleet/vehicles?search=&pageSize=20: the first vehicles matching what was typed. */
export function useVehicleOptions(search: string, enabled = true) {
  return useQuery({
    queryKey: [VEHICLES_URL, 'picker', search],
    queryFn: () =>
      apiJsonUnchecked<Page<Vehicle>>(
        'GET',
        withQuery(VEHICLES_URL, { search, pageSize: PICKER_PAGE_SIZE, sort: 'make' }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

/* ---------------------------------------------------------------- drivers */

export type DriverSort = 'name' | '-name';
export type DriverListParams = {
  page: number;
  search: string;
  status?: DriverStatus;
  sort: DriverSort;
};

export function useDrivers(params: DriverListParams) {
  return useQuery({
    queryKey: [DRIVERS_URL, params],
    queryFn: () =>
      apiJsonUnchecked<Page<Driver>>('GET', withQuery(DRIVERS_URL, { ...params, pageSize: PEOPLE_PAGE_SIZE })),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

/** A driver change moves vehicle assignments, so vehicles and the overview refresh too. */
function invalidateDrivers(queryClient: QueryClient) {
  return invalidateUrls(queryClient, DRIVERS_URL, VEHICLES_URL, OVERVIEW_URL);
}

export function useSaveDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: DriverInput }) =>
      id
        ? apiJsonUnchecked<{ success: boolean; driver: Driver }>('PUT', `${DRIVERS_URL}/${id}`, input)
        : apiJsonUnchecked<{ success: boolean; driver: Driver }>('POST', DRIVERS_URL, input),
    onSuccess: () => invalidateDrivers(queryClient),
  });
}

export function useDeleteDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJsonUnchecked<{ success: boolean }>('DELETE', `${DRIVERS_URL}/${id}`),
    onSuccess: () => invalidateDrivers(queryClient),
  });
}

/* ---------------------------------------------------------------- maintenance */

export type MaintenanceListParams = {
  page: number;
  state?: MaintenanceState;
  vehicleId?: string;
};

export function useMaintenance(params: MaintenanceListParams) {
  return useQuery({
    queryKey: [MAINTENANCE_URL, params],
    queryFn: () =>
      apiJsonUnchecked<Page<MaintenanceRecord>>(
        'GET',
        withQuery(MAINTENANCE_URL, { ...params, pageSize: PEOPLE_PAGE_SIZE }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

/** Maintenance feeds the overview's due list and overdue count. */
function invalidateMaintenance(queryClient: QueryClient) {
  return invalidateUrls(queryClient, MAINTENANCE_URL, OVERVIEW_URL);
}

export function useSaveMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MaintenanceInput }) =>
      id
        ? apiJsonUnchecked<{ success: boolean; record: MaintenanceRecord }>('PUT', `${MAINTENANCE_URL}/${id}`, input)
        : apiJsonUnchecked<{ success: boolean; record: MaintenanceRecord }>('POST', MAINTENANCE_URL, input),
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}

export function useDeleteMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJsonUnchecked<{ success: boolean }>('DELETE', `${MAINTENANCE_URL}/${id}`),
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}

export function useCompleteMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CompleteMaintenanceInput }) =>
      apiJsonUnchecked<{ success: boolean; record: MaintenanceRecord; next: MaintenanceRecord | null }>(
        'POST',
        `${MAINTENANCE_URL}/${id}/complete`,
        input,
      ),
    onSuccess: () => invalidateMaintenance(queryClient),
  });
}

/* ---------------------------------------------------------------- team */

export function useTeam() {
  return useQuery({
    queryKey: [TEAM_URL],
    queryFn: () => apiJsonUnchecked<TeamList>('GET', TEAM_URL),
    staleTime: 30 * 1000,
  });
}

/** The team size shows on the overview's usage and the portal's Team Members figure. */
function invalidateTeam(queryClient: QueryClient) {
  return invalidateUrls(queryClient, TEAM_URL, OVERVIEW_URL, '/api/customer/profile');
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => apiJsonUnchecked<InviteResult>('POST', TEAM_URL, input),
    onSuccess: () => invalidateTeam(queryClient),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: TeamRole }) =>
      apiJsonUnchecked<{ success: boolean; member: TeamMember }>('PATCH', `${TEAM_URL}/${id}`, { role }),
    onSuccess: () => invalidateTeam(queryClient),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJsonUnchecked<{ success: boolean }>('DELETE', `${TEAM_URL}/${id}`),
    onSuccess: () => invalidateTeam(queryClient),
  });
}

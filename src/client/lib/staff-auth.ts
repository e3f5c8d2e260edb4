import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { staffSession } from '@shared/contracts/staff-session';
import { getJson, statusOf } from './api';

/** The signed-in staff member, as GET /api/auth/user answers. */
export type StaffUser = z.output<typeof staffSession>;
export type StaffRole = StaffUser['role'];

export const STAFF_USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * GET /api/auth/user, parsed with its zod/mini contract (the admin shell's first load stays small);
 * signed out (401) is `null`, not an error.
 */
export const staffUserQuery = queryOptions({
  queryKey: STAFF_USER_QUERY_KEY,
  queryFn: async (context): Promise<StaffUser | null> => {
    try {
      return await getJson(STAFF_USER_QUERY_KEY[0], staffSession, context);
    } catch (error) {
      if (statusOf(error) === 401) return null;
      throw error;
    }
  },
});

/**
 * The staff session: `user` is null when signed out (401). Any other failure is treated as signed out
 * too (any non-ok means unauthenticated), and logged.
 */
export function useStaffAuth(): { user: StaffUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading, error } = useQuery(staffUserQuery);
  useEffect(() => {
    if (error) console.warn('Staff session check failed', error);
  }, [error]);
  const user = error ? null : (data ?? null);
  return { user, isLoading, isAuthenticated: user !== null };
}

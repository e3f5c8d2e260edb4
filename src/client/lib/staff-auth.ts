import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';

export type StaffRole = 'admin' | 'manager' | 'sales' | 'root';

/** The signed-in staff member, as GET /api/auth/user answers. */
export interface StaffUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: StaffRole;
  permissions: Record<string, boolean>;
}

export const STAFF_USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * The staff session: `user` is null when signed out (401). Any other failure is treated as signed out
 * too (spec 1 §7: any non-ok means unauthenticated), and logged.
 */
export function useStaffAuth(): { user: StaffUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading, error } = useQuery<StaffUser | null>({
    queryKey: STAFF_USER_QUERY_KEY,
    queryFn: getQueryFn<StaffUser | null>({ on401: 'returnNull' }),
  });
  useEffect(() => {
    if (error) console.warn('Staff session check failed', error);
  }, [error]);
  const user = error ? null : (data ?? null);
  return { user, isLoading, isAuthenticated: user !== null };
}

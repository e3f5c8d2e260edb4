import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Query defaults of spec 1 §7: fresh 5 min, kept 10 min, no automatic refetch, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});

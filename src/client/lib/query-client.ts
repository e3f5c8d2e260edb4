import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';
import { invalidateDomains, onDataChanged, trackQueryRemovals } from './data-freshness';

/**
 * How long an answer counts as current: a screen opened, or a window come back to, after this long
 * asks again. Short, because staff and customers act on what they see (docs/client-kit.md, "Freshness").
 */
export const FRESH_FOR_MS = 5_000;

/**
 * The freshness model replaces the old "fresh 5 min, never refetch" defaults, which left screens
 * showing what was true before the person's own change: answers are current for a few seconds; a
 * screen that mounts or a window that regains focus refetches what is older; and every change makes
 * stale the queries that read what it wrote (lib/data-freshness.ts). No retries
 * (docs/product-rules.md, "Calls and errors").
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: FRESH_FOR_MS,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: true,
      refetchOnMount: true,
      refetchOnReconnect: true,
      refetchInterval: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});

onDataChanged((domains) => invalidateDomains(queryClient, domains));
trackQueryRemovals(queryClient);

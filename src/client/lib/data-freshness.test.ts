import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson, getJson } from './api';
import { queryClient } from './query-client';
import { keyText, readsOf } from './data-freshness';

// The client's freshness model (docs/client-kit.md): a change refetches the queries that read what it
// wrote, on screen or cached, and nothing else.

const answer = z.object({ n: z.number() });
let served: Record<string, number> = {};

function serve(read: Record<string, string>, changed: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!init?.method || init.method === 'GET') {
        served[path] = (served[path] ?? 0) + 1;
        if (read[path]) headers['x-data-read'] = read[path];
        return new Response(JSON.stringify({ n: served[path] }), { status: 200, headers });
      }
      if (changed) headers['x-data-changed'] = changed;
      return new Response(JSON.stringify({ n: 0 }), {
        status: init.method === 'DELETE' ? 409 : 200,
        headers,
      });
    }),
  );
}

const query = (path: string) => ({
  queryKey: [path, { page: 1 }],
  queryFn: (context: { signal: AbortSignal; queryKey: readonly unknown[] }) => getJson(path, answer, context),
});

/** A query a screen shows: answered once, then watched (fresh for ever, so only invalidation refetches it). */
async function onScreen(path: string): Promise<() => void> {
  await queryClient.fetchQuery(query(path));
  return new QueryObserver(queryClient, { ...query(path), staleTime: Infinity }).subscribe(() => {});
}

beforeEach(() => {
  served = {};
  queryClient.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('freshness', () => {
  it('remembers what each query read, under its key', async () => {
    serve({ '/api/billing': 'payments,invoices,unknown-domain' }, '');
    await queryClient.fetchQuery(query('/api/billing'));
    expect([...(readsOf(['/api/billing', { page: 1 }]) ?? [])]).toEqual(['payments', 'invoices']);
    expect(keyText(['/x', { b: 1, a: 2 }])).toBe(keyText(['/x', { a: 2, b: 1 }]));
  });

  it('refetches the queries on screen that read what a change wrote, and only those', async () => {
    serve(
      { '/api/billing': 'payments,invoices', '/api/fleet': 'fleet', '/api/overview': 'customers,fleet' },
      'fleet',
    );
    const stop = await Promise.all(['/api/billing', '/api/fleet', '/api/overview'].map(onScreen));

    await apiJson('POST', '/api/fleet/vehicles', answer, {});
    // The call resolves once the screens on view have their fresh answers.
    expect(served).toEqual({ '/api/billing': 1, '/api/fleet': 2, '/api/overview': 2 });
    expect(queryClient.getQueryData(['/api/overview', { page: 1 }])).toEqual({ n: 2 });
    stop.forEach((unsubscribe) => unsubscribe());
  });

  it('marks stale a cached query no screen shows, so it refetches when one opens it', async () => {
    serve({ '/api/billing': 'payments' }, 'payments,audit');
    await queryClient.fetchQuery({ ...query('/api/billing'), staleTime: Infinity });
    await apiJson('POST', '/api/checkout', answer, {});
    expect(served['/api/billing']).toBe(1);
    expect(queryClient.getQueryState(['/api/billing', { page: 1 }])?.isInvalidated).toBe(true);
  });

  it('refreshes after a refused change too: what it wrote before refusing is real', async () => {
    serve({ '/api/billing': 'payments' }, 'payments');
    const stop = await onScreen('/api/billing');
    await expect(apiJson('DELETE', '/api/payments/1', answer)).rejects.toThrow('409');
    expect(served['/api/billing']).toBe(2);
    stop();
  });

  it('never refetches for a read', async () => {
    serve({ '/api/billing': 'payments', '/api/other': 'payments' }, '');
    const stop = await onScreen('/api/billing');
    await getJson('/api/other', answer);
    expect(served['/api/billing']).toBe(1);
    stop();
  });
});

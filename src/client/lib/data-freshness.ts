import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { parseDataDomains, type DataDomain } from '@shared/data-domains';

/*
 * The client's half of the freshness model (docs/client-kit.md, "Freshness"). The server names on every
 * answer the data domains it read and, for a change, the ones it wrote. Each query remembers what its
 * answers read; a change refetches every query that read something it wrote, on this screen and on
 * every screen kept in the cache, whichever area made the change. Nothing here is written per screen.
 */

const readsByQuery = new Map<string, Set<DataDomain>>();

/**
 * A query key as text, object members sorted (as the query cache compares keys). Our own rather than
 * the library's, so the landing page, which has no query client, does not load it to make a call.
 */
export function keyText(queryKey: QueryKey): string {
  return JSON.stringify(queryKey, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** Notes what a query's answer read (the `X-Data-Read` header), added to what it read before. */
export function noteQueryReads(queryKey: QueryKey, header: string | null): void {
  const domains = parseDataDomains(header);
  if (domains.length === 0) return;
  const hash = keyText(queryKey);
  const reads = readsByQuery.get(hash) ?? new Set<DataDomain>();
  for (const domain of domains) reads.add(domain);
  readsByQuery.set(hash, reads);
}

/** The domains a cached query's answers have read so far. */
export function readsOf(queryKey: QueryKey): ReadonlySet<DataDomain> | undefined {
  return readsByQuery.get(keyText(queryKey));
}

function readsAny(queryKey: QueryKey, changed: ReadonlySet<DataDomain>): boolean {
  const reads = readsOf(queryKey);
  if (!reads) return false;
  for (const domain of reads) if (changed.has(domain)) return true;
  return false;
}

/**
 * Marks stale every query that read one of `domains`, and refetches those on screen; resolves once
 * their fresh answers are in, so a dialog that closes after a change closes onto current figures.
 */
export async function invalidateDomains(client: QueryClient, domains: readonly DataDomain[]): Promise<void> {
  if (domains.length === 0) return;
  const changed = new Set(domains);
  await client.invalidateQueries({ predicate: (query) => readsAny(query.queryKey, changed) });
}

type ChangeListener = (domains: readonly DataDomain[]) => Promise<void>;
let listener: ChangeListener | null = null;

/** The query client's subscription to changes (lib/query-client.ts): one per page. */
export function onDataChanged(next: ChangeListener): void {
  listener = next;
}

/** Called with the `X-Data-Changed` header of every answer to a change (lib/api.ts). */
export function dataChanged(header: string | null): Promise<void> {
  const domains = parseDataDomains(header);
  if (domains.length === 0 || !listener) return Promise.resolve();
  return listener(domains);
}

/** Keeps the map as small as the cache: a query the cache dropped forgets what it read. */
export function trackQueryRemovals(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type === 'removed') readsByQuery.delete(keyText(event.query.queryKey));
  });
}

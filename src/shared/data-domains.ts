/*
 * The kinds of data the product keeps, as the client's freshness model names them (docs/client-kit.md,
 * "Freshness"). Every table belongs to exactly one domain (server/db/data-domains.ts). The server
 * reports, on each answer, the domains the request read (`X-Data-Read`) and wrote (`X-Data-Changed`),
 * from the statements it really ran; the client refetches every query that read a domain a change
 * wrote. Nobody lists by hand which screens a change makes stale.
 */
export const DATA_DOMAINS = [
  'customers',
  'plans',
  'subscriptions',
  'payments',
  'invoices',
  'payment-methods',
  'payment-requests',
  'fleet',
  'staff',
  'sessions',
  'limits',
  'commissions',
  'activity',
  'notifications',
  'audit',
  'settings',
  'health',
  'expenses',
  'email',
  'support',
  'crm',
  'jobs',
] as const;

export type DataDomain = (typeof DATA_DOMAINS)[number];

export const DATA_READ_HEADER = 'x-data-read';
export const DATA_CHANGED_HEADER = 'x-data-changed';

const KNOWN: ReadonlySet<string> = new Set(DATA_DOMAINS);

export function isDataDomain(value: string): value is DataDomain {
  return KNOWN.has(value);
}

/** A header's comma-separated list as domains, dropping anything this build does not know. */
export function parseDataDomains(header: string | null | undefined): DataDomain[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => part.trim())
    .filter(isDataDomain);
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  auditListQuery,
  auditLogPage,
  auditVerifyResult,
  type AuditExportQuery,
  type AuditListQuery,
} from '@shared/contracts/audit';
import { getJson, searchParams } from '@client/lib/calls';

/* The calls of the Security & Audit tab (docs/audit-logs.md). */

const AUDIT_LOGS = '/api/admin/audit-logs';
const AUDIT_VERIFY = '/api/admin/audit/verify';

/**
 * The list's query from the address: what the contract refuses (a day not on the calendar, From after
 * To, a page past the last one allowed) is dropped rather than thrown, so a hand-edited or stale link
 * opens the list without that bound instead of taking the screen down.
 */
export function auditQueryOf(raw: Record<string, unknown>): AuditListQuery {
  let rest = raw;
  // One field at a time, the first refused first: a field's own issues come before From-after-To.
  for (let tries = 0; tries < 10; tries += 1) {
    const parsed = auditListQuery.safeParse(rest);
    if (parsed.success) return parsed.data;
    const field = String(parsed.error.issues[0]?.path[0]);
    rest = Object.fromEntries(Object.entries(rest).filter(([key]) => key !== field));
  }
  return auditListQuery.parse({});
}

/** One page of audit rows, filtered, searched and sorted on the server. */
export const auditLogsQuery = (query: AuditListQuery) =>
  queryOptions({
    queryKey: [AUDIT_LOGS, query],
    queryFn: (context) => getJson(`${AUDIT_LOGS}?${searchParams(query)}`, auditLogPage, context),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/audit-logs/export?...`: a plain link, so the browser streams the CSV to a file. */
export function auditExportUrl(query: Partial<AuditExportQuery>): string {
  const { search, category, resource, actorType, actor, success, from, to, sort } = query;
  const qs = searchParams({ search, category, resource, actorType, actor, success, from, to, sort });
  return `${AUDIT_LOGS}/export${qs ? `?${qs}` : ''}`;
}

/** `GET /api/admin/audit/verify`: run when asked (it walks the whole chain). */
export const auditVerifyQuery = queryOptions({
  queryKey: [AUDIT_VERIFY],
  queryFn: (context) => getJson(AUDIT_VERIFY, auditVerifyResult, context),
  enabled: false,
  staleTime: Infinity,
});

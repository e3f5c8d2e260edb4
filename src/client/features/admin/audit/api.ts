import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  auditLogPage,
  auditVerifyResult,
  type AuditExportQuery,
  type AuditListQuery,
} from '@shared/contracts/audit';
import { getJson, searchParams } from '@client/lib/api';

/* The calls of the Security & Audit tab (docs/audit-logs.md). */

export const auditKey = ['audit'] as const;
const AUDIT_LOGS = '/api/admin/audit-logs';

/** One page of audit rows, filtered, searched and sorted on the server. */
export const auditLogsQuery = (query: AuditListQuery) =>
  queryOptions({
    queryKey: [...auditKey, 'list', query],
    queryFn: ({ signal }) => getJson(`${AUDIT_LOGS}?${searchParams(query)}`, auditLogPage, { signal }),
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
  queryKey: [...auditKey, 'verify'],
  queryFn: ({ signal }) => getJson('/api/admin/audit/verify', auditVerifyResult, { signal }),
  enabled: false,
  staleTime: Infinity,
});

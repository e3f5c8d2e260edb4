// The audit rows a test looks for, by the fields it knows them by.
import { and, eq, type AnyColumn } from 'drizzle-orm';
import { auditLogs } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

type AuditRow = typeof auditLogs.$inferSelect;
type AuditMatch = Partial<{ [K in keyof AuditRow]: NonNullable<AuditRow[K]> }>;

/** Every audit row whose fields equal all those given (`{ resourceId, action }`), in no set order. */
export function auditRowsWhere(t: TestApp, match: AuditMatch) {
  const conditions = Object.entries(match).map(([field, value]) =>
    eq(auditLogs[field as keyof AuditRow] as AnyColumn, value),
  );
  return t.database.db
    .select()
    .from(auditLogs)
    .where(conditions.length === 1 ? conditions[0] : and(...conditions));
}

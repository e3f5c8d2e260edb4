import { type AnyPgColumn, uuid } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff';

// Apart from columns.ts, and function declarations, for the reasons given in account-columns.ts: staff.ts
// and the files it imports (billing.ts, customers.ts) call these while this file waits on staff.ts.

/**
 * The staff member who did something to the row (created, assigned, paid, resolved it); removing the
 * member keeps the row and forgets who.
 */
export function byStaff(name: string) {
  return uuid(name).references((): AnyPgColumn => staffUsers.id, { onDelete: 'set null' });
}

/** The staff member the row belongs to (a session, a pass, a rate); removing the member removes it. */
export function ofStaff(name: string) {
  return uuid(name).references((): AnyPgColumn => staffUsers.id, { onDelete: 'cascade' });
}

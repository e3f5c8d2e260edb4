import { type AnyPgColumn, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { customers } from './customers';

// Apart from columns.ts because these reference `customers`, whose own file builds on columns.ts: one
// file holding both would be imported half-evaluated by customers.ts. Function declarations, not arrow
// constants: a table file that customers.ts imports in turn (staff.ts) may call them before this file
// has run, and a declaration is ready from the start (staff-columns.ts does the same).

/** The customer account a row belongs to; removing the account removes the row. */
export function ownedBy() {
  return ownedByIfAny().notNull();
}
/** The same, for rows that may belong to no account (a staff session, a visitor's ticket). */
export function ownedByIfAny() {
  return uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'cascade' });
}
/**
 * The customer account a record kept for its history belongs to (payments, invoices, commissions, sent
 * emails). Deleting the account detaches the record (customer_id null; the books also set
 * customer_deleted_at) instead of removing it.
 */
export function keptForTheBooks() {
  return uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' });
}
export function customerDeletedAt() {
  return timestamptz('customer_deleted_at');
}

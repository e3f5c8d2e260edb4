import { type AnyPgColumn, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

// Apart from columns.ts because these reference `customers`, whose own file builds on columns.ts: one
// file holding both would be imported half-evaluated by customers.ts.

/** The customer account a row belongs to; removing the account removes the row. */
export const ownedBy = () =>
  uuid('customer_id')
    .notNull()
    .references((): AnyPgColumn => customers.id, { onDelete: 'cascade' });
/**
 * The customer account a record of the books belongs to (payments, invoices). Deleting the account
 * detaches the record (customer_id null, customer_deleted_at set) instead of removing it.
 */
export const keptForTheBooks = () =>
  uuid('customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' });
export const customerDeletedAt = () => timestamp('customer_deleted_at', { withTimezone: true });

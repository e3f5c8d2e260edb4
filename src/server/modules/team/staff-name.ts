import { sql, type AnyColumn } from 'drizzle-orm';

/** A staff member's name as lists show it: first and last name, or the email without one. */
export const staffNameOf = (t: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce(nullif(trim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email})`;

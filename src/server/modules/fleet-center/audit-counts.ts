import { sql, type SQL } from 'drizzle-orm';
import { auditHourCounts, auditLogs, CUSTOMER_SIGN_IN_ROW, FLEET_CHANGE_ROW } from '../../db/schema';

// The Fleet Control Center's counts of audited customer sign-ins and fleet changes since a moment
// (docs/fleet-control-center.md "Figures at size"): the hours kept by migration 0037's triggers, from
// the first whole hour after the moment, and the audit rows between the moment and that hour, read from
// their partial index. Exact to the row, like the count over the window it replaces, and like it open
// at the end (a row stamped later than now counts).

const HOUR_MS = 3_600_000;

/** A successful customer sign-in, as the partial index `audit_logs_customer_sign_in_idx` names it. */
export const customerSignIn = sql.raw(CUSTOMER_SIGN_IN_ROW);
/** A change to a customer's fleet, as the partial index `audit_logs_fleet_change_idx` names it. */
export const fleetChange = sql.raw(FLEET_CHANGE_ROW);

type KeptColumn =
  | typeof auditHourCounts.customerSignIns
  | typeof auditHourCounts.fleetCrmSignIns
  | typeof auditHourCounts.fleetChanges;

/** How many audit rows of `kind` (with `also` on the row) were written since `since`, as one number. */
export function auditCountSince(
  since: Date,
  kept: KeptColumn,
  kind: SQL,
  also: SQL = sql`true`,
): SQL<number> {
  const firstHour = Math.ceil(since.getTime() / HOUR_MS);
  const firstHourStart = new Date(firstHour * HOUR_MS);
  return sql<number>`((select coalesce(sum(${kept}), 0) from ${auditHourCounts}
      where ${auditHourCounts.hour} >= ${firstHour})
    + (select count(*) from ${auditLogs} where ${kind} and ${also}
      and ${auditLogs.createdAt} >= ${since} and ${auditLogs.createdAt} < ${firstHourStart}))`.mapWith(
    Number,
  );
}

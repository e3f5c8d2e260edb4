import type { CustomerExportQuery, StaffCustomer } from '../../../shared/contracts/staff-customers';
import type { Db } from '../../db/client';
import { keysetCsv, type CsvColumn } from '../../lib/csv';
import { customerRows, toStaffCustomer } from './customer-rows';
import { customerFilter, sortOf } from './list';

/** Rows read per query: a batch's memory stays small however many customers match. */
export const EXPORT_BATCH = 1000;

const limit = (value: number | null) => (value === null ? 'Unlimited' : value);

const COLUMNS: CsvColumn<StaffCustomer>[] = [
  ['Company', (c) => c.companyName],
  ['First Name', (c) => c.firstName],
  ['Last Name', (c) => c.lastName],
  ['Email', (c) => c.email],
  ['Phone', (c) => c.phone],
  ['Address', (c) => c.address],
  ['City', (c) => c.city],
  ['State', (c) => c.state],
  ['ZIP Code', (c) => c.zipCode],
  ['Country', (c) => c.country],
  ['Plan', (c) => c.planName ?? c.planId],
  ['Status', (c) => c.status],
  ['Subscription', (c) => c.subscriptionStatus],
  ['Vehicles', (c) => c.currentCars],
  ['Vehicle Limit', (c) => limit(c.carLimit)],
  ['Users', (c) => c.currentUsers],
  ['User Limit', (c) => limit(c.userLimit)],
  ['Health Score', (c) => c.healthScore],
  ['Risk Level', (c) => c.riskLevel],
  ['Health Reasons', (c) => c.healthReasons.join('; ')],
  ['Monthly Recurring Revenue', (c) => c.monthlyRecurringRevenue.toFixed(2)],
  ['Last Sign-in', (c) => c.lastSignInAt],
  ['Created', (c) => c.createdAt],
];

/**
 * Every customer the filters match, in the list's order, as CSV text in pieces: the header, then
 * one piece per batch. Batches follow each other by keyset (the last row's sort key and id), so
 * each is one indexed read of EXPORT_BATCH rows and no transaction stays open while the client
 * reads. Cells that a spreadsheet would run as a formula are neutralised.
 */
export async function* customersCsv(db: Db, query: CustomerExportQuery): AsyncGenerator<string> {
  yield* keysetCsv(COLUMNS, {
    sort: sortOf(query.sort),
    filter: customerFilter(query),
    rows: (read) => customerRows(db, read),
    positionOf: (row) => ({ cursor: row.cursor, id: row.id }),
    itemOf: toStaffCustomer,
    batch: EXPORT_BATCH,
  });
}

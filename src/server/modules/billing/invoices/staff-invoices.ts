import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { AdminInvoice, AdminInvoiceListQuery } from '../../../../shared/contracts/billing-admin';
import { pageOffset, toPage } from '../../../../shared/contracts/common';
import { countUpTo, searchCountCap } from '../../../db/bounded-count';
import type { Db } from '../../../db/client';
import { customers, invoices, invoiceStatusTotals } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { likePattern } from '../../../lib/sql-like';
import { isUuid } from '../../../lib/uuid';

export const staffInvoicePdfUrl = (id: string) => `/api/admin/invoices/${id}/pdf`;

/**
 * The search: an invoice number (exact, through invoices_number_key: 'MP-000123', '123' or
 * 'mp-123'), or the customers whose company, name or email match (their invoices through
 * invoices_customer_idx). The name and email printed on each invoice are what it was issued to.
 */
function searchCondition(search: string): SQL {
  const digits = /^(?:mp-?)?0*(\d{1,9})$/i.exec(search)?.[1];
  const byCustomer = inArray(
    invoices.customerId,
    sql`(select ${customers.id} from ${customers} where ${like(customers.searchText, likePattern(search))})`,
  );
  return digits ? or(eq(invoices.number, `MP-${digits.padStart(6, '0')}`), byCustomer)! : byCustomer;
}

const toItem = (row: typeof invoices.$inferSelect): AdminInvoice => ({
  id: row.id,
  number: row.number,
  customerId: row.customerId,
  companyName: row.billingName,
  email: row.billingEmail,
  kind: row.kind,
  status: row.status,
  total: row.totalCents / 100,
  issuedAt: row.issuedAt.toISOString(),
  dueAt: row.dueAt?.toISOString() ?? null,
  paidAt: row.paidAt?.toISOString() ?? null,
  pdfUrl: staffInvoicePdfUrl(row.id),
});

/** Every invoice, newest (or oldest) first by issue date, by status and search, paged. */
export async function listInvoices(db: Db, query: AdminInvoiceListQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.search) conditions.push(searchCondition(query.search));
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.sort === 'issuedAt' ? asc : desc;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(direction(invoices.issuedAt), direction(invoices.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    countInvoices(db, query, where),
  ]);
  return toPage(query, rows.map(toItem), total);
}

/**
 * How many invoices match. A search: counted from the rows, up to a cap past the page
 * (db/bounded-count.ts). Otherwise exact, from the counts kept per status (`invoice_status_totals`,
 * migration 0036): 16 rows a status, whatever the number of invoices.
 */
async function countInvoices(db: Db, query: AdminInvoiceListQuery, where: SQL | undefined) {
  if (query.search) return countUpTo(db, invoices, where, searchCountCap(query));
  const k = invoiceStatusTotals;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${k.invoices}), 0)::float8`.mapWith(Number) })
    .from(k)
    .where(query.status ? eq(k.status, query.status) : undefined);
  return { total: row?.n ?? 0, capped: false };
}

/** One invoice for its PDF (any customer's: staff read them all; a deleted customer's are kept for the books). */
export async function invoiceById(db: Db, id: string) {
  if (!isUuid(id)) throw notFound('Invoice not found');
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound('Invoice not found');
  return row;
}

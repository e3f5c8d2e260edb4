import { sql } from 'drizzle-orm';
import type {
  ReconciliationPage,
  ReconciliationQuery,
  ReconciliationRow,
} from '../../../../shared/contracts/payment-operations';
import { pageOffset } from '../../../../shared/contracts/common';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { snapshotCache } from '../../../db/snapshot-cache';
import type { InvoiceStatus } from '../../../../shared/statuses';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Summary = { matched: string; flagged: string; excluded: string };
type Row = {
  invoice_id: string;
  number: string;
  customer_id: string | null;
  company_name: string;
  status: InvoiceStatus;
  issued_at: string | Date;
  total_cents: number;
  paid_cents: string;
  refunded_cents: string;
};

/**
 * Payments against invoices for the invoices issued in one month (docs/payment-operations.md):
 * - paid invoices: their completed payments must equal the total. A refund of part of a paid invoice
 *   is not a mismatch: what was paid equals the total, and paid − refunded is what the books keep
 *   (net). An invoice matches when either what was paid or the net is within the tolerance;
 * - open invoices with money received: a part payment (or an overpayment) is flagged; an open
 *   invoice nothing was paid on yet is simply awaiting payment and neither matched nor flagged;
 * - refunded and void invoices are expected to differ and are counted apart (`excluded`).
 * An invoice is flagged when |paid − total| > tolerance.
 */
export function reconciliationReader(db: Db, clock: Clock) {
  const cache = snapshotCache<ReconciliationPage>(db, 100);
  return (query: ReconciliationQuery) => {
    const month = query.month ?? clock.now().toISOString().slice(0, 7);
    return cache(JSON.stringify({ ...query, month }), () => readReconciliation(db, query, month));
  };
}

async function readReconciliation(
  db: Db,
  query: ReconciliationQuery,
  month: string,
): Promise<ReconciliationPage> {
  const from = new Date(`${month}-01T00:00:00Z`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const toleranceCents = Math.round(Number(query.tolerance) * 100);
  // The month's invoices through invoices_issued_idx, each with what its payments collected, kept on
  // the invoice by the payments_totals trigger (migration 0012).
  // Refunds are only looked up (payments_invoice_idx) for the invoices whose net differs from the total.
  const reconciled = sql`
    with inv as (
      select i.id, i.number, i.customer_id, i.billing_name, i.status, i.issued_at, i.total_cents,
             i.collected_cents as net_cents,
             case when i.collected_cents = i.total_cents then 0
                  else coalesce((select sum(p.refunded_cents) from payments p
                                  where p.invoice_id = i.id and p.status in ('succeeded', 'refunded')), 0)
             end as refunded_cents
        from invoices i
       where i.issued_at >= ${from.toISOString()} and i.issued_at < ${to.toISOString()}
    ), judged as (
      select inv.*, net_cents + refunded_cents as paid_cents,
             case when status in ('refunded', 'void') then 'excluded'
                  when status = 'open' and net_cents + refunded_cents = 0 then 'awaiting'
                  when abs(net_cents - total_cents) <= ${toleranceCents} then 'matched'
                  when abs(net_cents + refunded_cents - total_cents) <= ${toleranceCents} then 'matched'
                  else 'flagged' end as verdict
        from inv
    )`;
  const [summaryResult, pageResult] = await Promise.all([
    db.execute(sql`${reconciled}
      select count(*) filter (where verdict = 'matched') as matched,
             count(*) filter (where verdict = 'flagged') as flagged,
             count(*) filter (where verdict = 'excluded') as excluded
        from judged`),
    db.execute(sql`${reconciled}
      select j.id as invoice_id, j.number, j.customer_id, coalesce(c.company_name, j.billing_name) as company_name,
             j.status, j.issued_at, j.total_cents, j.paid_cents, j.refunded_cents
        from judged j left join customers c on c.id = j.customer_id
       where j.verdict = 'flagged'
       order by abs(j.paid_cents - j.total_cents) desc, j.issued_at desc, j.id
       limit ${query.pageSize} offset ${pageOffset(query)}`),
  ]);
  const [summary] = rowsOf<Summary>(summaryResult);
  const items: ReconciliationRow[] = rowsOf<Row>(pageResult).map((r) => {
    const paid = Number(r.paid_cents);
    const refunded = Number(r.refunded_cents);
    return {
      invoiceId: r.invoice_id,
      number: r.number,
      customerId: r.customer_id,
      companyName: r.company_name,
      status: r.status,
      issuedAt: new Date(r.issued_at).toISOString(),
      invoiceTotal: r.total_cents / 100,
      paid: paid / 100,
      refunded: refunded / 100,
      net: (paid - refunded) / 100,
      difference: (paid - r.total_cents) / 100,
    };
  });
  const flagged = Number(summary?.flagged ?? 0);
  return {
    items,
    total: flagged,
    page: query.page,
    pageSize: query.pageSize,
    month,
    tolerance: Number(query.tolerance),
    matched: Number(summary?.matched ?? 0),
    flagged,
    excluded: Number(summary?.excluded ?? 0),
  };
}

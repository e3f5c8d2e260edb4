import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client';
import { renderInvoicePdf } from '../modules/billing';
import { invoiceSellerOf } from '../modules/system-settings';

/**
 * An invoice as a PDF the browser shows (staff's and the customer's download alike): the seller's name,
 * date format and time zone from System Settings, never cached, since it names the customer.
 */
export async function sendInvoicePdf(
  reply: FastifyReply,
  {
    db,
    appName,
    invoice,
  }: { db: Executor; appName: string; invoice: Parameters<typeof renderInvoicePdf>[0] },
) {
  const pdf = await renderInvoicePdf(invoice, await invoiceSellerOf(db, appName));
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

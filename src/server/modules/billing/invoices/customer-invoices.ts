import { desc, eq, sql } from 'drizzle-orm';
import { toPage, type PageRequest } from '../../../../shared/contracts/common';
import { invoices } from '../../../db/schema';
import type { CustomerContext } from '../../../http/request-context';

export const invoicePdfUrl = (id: string) => `/api/customer/invoices/${id}/pdf`;

export type InvoiceJson = {
  id: string;
  number: string;
  issuedAt: string;
  status: string;
  totalCents: number;
  currency: string;
  description: string | null;
};

export async function invoicePage({ account }: CustomerContext, request: PageRequest) {
  const { rows, total } = await account.page(invoices, request, [
    desc(invoices.issuedAt),
    desc(invoices.number),
  ]);
  const items = rows.map((i) => toInvoiceView({ ...i, description: i.lines[0]?.description ?? null }));
  return toPage(request, items, total);
}

export function toInvoiceView(i: Omit<InvoiceJson, 'issuedAt'> & { issuedAt: Date }) {
  return {
    id: i.id,
    number: i.number,
    date: i.issuedAt.toISOString(),
    status: i.status as 'paid' | 'open' | 'void' | 'refunded',
    amount: i.totalCents / 100,
    currency: i.currency.toUpperCase(),
    description: i.description ?? 'Subscription',
    pdf_url: invoicePdfUrl(i.id),
  };
}

export async function invoiceOf({ account }: CustomerContext, invoiceId: string) {
  const [row] = await account.select(invoices, eq(invoices.id, invoiceId));
  return row;
}

export async function latestInvoice({ account }: CustomerContext) {
  const [row] = await account
    .select(invoices, sql`${invoices.status} <> 'void'`)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(1);
  return row;
}

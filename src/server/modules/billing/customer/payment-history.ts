import { desc } from 'drizzle-orm';
import type { PageRequest } from '../../../../shared/contracts/common';
import { payments } from '../../../db/schema';
import { invoicePdfUrl } from '../invoices/customer-invoices';
import type { CustomerContext } from '../../../http/request-context';

export async function paymentHistory({ account }: CustomerContext, request: PageRequest) {
  const { page, pageSize } = request;
  const { rows, total } = await account.page(payments, request, [
    desc(payments.createdAt),
    desc(payments.id),
  ]);
  return {
    success: true as const,
    payments: rows.map((p) => ({
      id: p.id,
      description: p.description,
      created: p.createdAt.toISOString(),
      status: p.status as 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'pending',
      amount: p.amountCents / 100,
      currency: p.currency.toUpperCase(),
      receipt_url: p.invoiceId && p.status !== 'failed' ? invoicePdfUrl(p.invoiceId) : null,
      failureMessage: p.failureMessage,
    })),
    total,
    page,
    pageSize,
    message: rows.length === 0 && page === 1 ? 'No transactions yet.' : `${total} transactions`,
  };
}

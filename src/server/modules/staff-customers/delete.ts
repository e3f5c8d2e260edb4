import { recordAudit } from '../audit';
import { detachCards, removeCustomerAccount } from '../customers';
import { notFound } from '../../http/errors';
import { CUSTOMER_NOT_FOUND } from './accounts';
import { actorFor, type StaffContext } from '../../http/staff-context';
import { isCustomerId } from './customer-rows';
import { inTransaction } from '../../http/request-context';

/**
 * Delete (docs/staff-customers.md "Delete"): the account and everything it owns go in
 * one transaction, its payments and invoices stay for the books, detached and marked
 * (customers/account-removal.ts, the same removal as the portal's own Delete Account). Answers the
 * company name for the confirmation; a second delete of the same account finds nothing (404).
 */
export async function deleteCustomer(ctx: StaffContext, id: string): Promise<{ companyName: string }> {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const removed = await inTransaction(ctx, async ({ db: tx }) => {
    const gone = await removeCustomerAccount(tx, id, ctx.clock.now());
    if (!gone) throw notFound(CUSTOMER_NOT_FOUND);
    await recordAudit(tx, actorFor(ctx, id), {
      action: 'delete',
      resourceType: 'customer',
      resourceId: id,
      oldValues: {
        email: gone.customer.email,
        companyName: gone.customer.companyName,
        planId: gone.customer.planId,
        status: gone.customer.status,
        subscriptionStatus: gone.subscription?.status ?? null,
      },
      newValues: { deletedBy: 'staff', paymentsKept: gone.keptPayments, invoicesKept: gone.keptInvoices },
    });
    return gone;
  });
  await detachCards(ctx.provider, removed.cards);
  return { companyName: removed.customer.companyName };
}

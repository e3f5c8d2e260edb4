import { DEFAULT_CUSTOMER_SETTINGS, type BillingAddressInput } from '../../../../shared/contracts/portal';
import { customerSettings, customers } from '../../../db/schema';
import { inTransaction } from '../../../http/request-context';
import { recordAudit } from '../../audit';
import { billingIdentity } from '../core/billing-identity';
import { customerById } from '../core/lookups';
import { recordActivity } from '../../notifications';
import type { CustomerContext } from '../../../http/request-context';

type CustomerRow = typeof customers.$inferSelect;

/**
 * A change to the account's billing identity, with its activity and its audit row, in one
 * transaction; `change` makes it and answers the values it replaced.
 */
function changeBillingIdentity(
  ctx: CustomerContext,
  what: string,
  newValues: Record<string, unknown>,
  change: (tx: CustomerContext, customer: CustomerRow) => Promise<Record<string, unknown>>,
) {
  return inTransaction(ctx, async (tx) => {
    const customer = await customerById(tx.db, tx.accountId);
    const oldValues = await change(tx, customer);
    await recordActivity(tx.db, customer, {
      action: 'customer_updated',
      description: `${customer.companyName} changed the ${what}`,
    });
    await recordAudit(tx.db, tx.actor, {
      action: 'update',
      resourceType: 'customer',
      resourceId: tx.accountId,
      oldValues,
      newValues,
    });
  });
}

export async function updateBillingEmail(ctx: CustomerContext, newEmail: string) {
  await changeBillingIdentity(ctx, 'billing email', { billingEmail: newEmail }, async (tx, customer) => {
    await tx.account.updateAccount({ billingEmail: newEmail, updatedAt: tx.clock.now() });
    return { billingEmail: customer.billingEmail ?? customer.email };
  });
}

export async function updateBillingAddress(ctx: CustomerContext, address: BillingAddressInput) {
  await changeBillingIdentity(ctx, 'billing address', { billingAddress: address }, async (tx, customer) => {
    const before = (await billingIdentity(tx.db, customer)).billingAddress;
    await tx.account
      .insert(customerSettings, { settings: DEFAULT_CUSTOMER_SETTINGS, billingAddress: address })
      .onConflictDoUpdate({
        target: customerSettings.customerId,
        set: { billingAddress: address, updatedAt: tx.clock.now() },
      });
    return { billingAddress: before };
  });
}

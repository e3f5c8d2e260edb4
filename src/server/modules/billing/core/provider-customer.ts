import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customers } from '../../../db/schema';
import type { PaymentProvider } from '../../../integrations/payments/provider';
import type { CustomerRow } from './rows';

/** The provider's customer record, created on first need and remembered. */
export async function ensureProviderCustomer(
  deps: { db: Executor; provider: PaymentProvider },
  customer: CustomerRow,
): Promise<string> {
  if (customer.providerCustomerRef) return customer.providerCustomerRef;
  const ref = await deps.provider.createCustomer({
    customerId: customer.id,
    email: customer.billingEmail ?? customer.email,
    name: customer.companyName,
  });
  await deps.db.update(customers).set({ providerCustomerRef: ref }).where(eq(customers.id, customer.id));
  return ref;
}

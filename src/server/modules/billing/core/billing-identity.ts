import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customerSettings, type BillingAddress } from '../../../db/schema';
import type { CustomerRow } from './rows';

/** Whom an invoice is made out to, copied onto it when it is issued. */
export type BillingIdentity = {
  billingName: string;
  billingEmail: string;
  billingAddress: BillingAddress | null;
};

/** The company's name, its billing email (else its login email) and the address in its settings. */
export const identityOf = (
  customer: Pick<CustomerRow, 'companyName' | 'billingEmail' | 'email'>,
  billingAddress: BillingAddress | null,
): BillingIdentity => ({
  billingName: customer.companyName,
  billingEmail: customer.billingEmail ?? customer.email,
  billingAddress,
});

export async function billingIdentity(exec: Executor, customer: CustomerRow): Promise<BillingIdentity> {
  const [settings] = await exec
    .select({ billingAddress: customerSettings.billingAddress })
    .from(customerSettings)
    .where(eq(customerSettings.customerId, customer.id));
  return identityOf(customer, settings?.billingAddress ?? null);
}

import type { BillingSettings } from '../../../../shared/contracts/billing-admin';
import { systemSettings } from '../../../db/schema';
import { recordAudit } from '../../audit';
import { BILLING_SETTINGS_KEY, paymentTermsOf } from './payment-terms';
import type { StaffContext } from '../../../http/staff-context';
import { inTransaction } from '../../../http/request-context';

export async function readBillingSettings(ctx: Pick<StaffContext, 'db'>): Promise<BillingSettings> {
  return { paymentTerms: await paymentTermsOf(ctx.db) };
}

/** Saves the payment terms with their audit row (old and new value) in one transaction. */
export async function saveBillingSettings(
  ctx: StaffContext,
  input: BillingSettings,
): Promise<BillingSettings> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async ({ db: tx }) => {
    // The row lock (the upsert's) orders two staff saving at once; each audit row has the value it replaced.
    const before = await paymentTermsOf(tx);
    await tx
      .insert(systemSettings)
      .values({
        key: BILLING_SETTINGS_KEY,
        value: { paymentTerms: input.paymentTerms },
        updatedByStaffId: ctx.staff.id,
      })
      .onConflictDoUpdate({
        target: systemSettings.key,
        set: { value: { paymentTerms: input.paymentTerms }, updatedByStaffId: ctx.staff.id, updatedAt: now },
      });
    await recordAudit(tx, ctx.actor, {
      action: 'update',
      resourceType: 'settings',
      resourceId: BILLING_SETTINGS_KEY,
      oldValues: { paymentTerms: before },
      newValues: { paymentTerms: input.paymentTerms },
    });
  });
  return { paymentTerms: input.paymentTerms };
}

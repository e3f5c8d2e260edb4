import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customers, paymentMethods } from '../../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../../http/errors';
import { PaymentProviderError } from '../../../integrations/payments/provider';
import { inTransaction } from '../../../http/request-context';
import { recordAudit } from '../../audit';
import { notifyStaff } from '../../notifications';
import { customerById } from '../core/lookups';
import { ensureProviderCustomer } from '../core/provider-customer';
import type { PaymentMethodRow } from '../core/rows';
import type { CustomerContext } from '../../../http/request-context';

/**
 * Locks the account and every card of one customer, always in id order, before any card changes. Every path that
 * changes a customer's cards (add, remove, set default, checkout) takes these locks first and in the
 * same order, so two of them can wait for each other but never deadlock (on PostgreSQL, where
 * concurrent transactions are real, unordered row locks deadlocked under parallel set-default calls).
 */
export async function lockCardsOf(tx: Executor, customerId: string): Promise<PaymentMethodRow[]> {
  // The account row first: a customer with no card yet has no card row to lock, and two first
  // cards added at once must still wait for each other. NO KEY UPDATE leaves foreign-key checks
  // (vehicles, invoices ... being written for the account) unblocked.
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
  return tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId))
    .orderBy(asc(paymentMethods.id))
    .for('update');
}

export const LAST_CARD_MESSAGE =
  'You need at least one payment method on file. Add another card before removing this one.';

/** Attaches a card tokenised by the provider's card form; the first card becomes the default. */
export async function addPaymentMethod(
  ctx: CustomerContext,
  input: { paymentMethodId: string; setAsDefault: boolean },
) {
  const { provider, accountId: customerId } = ctx;
  const customer = await customerById(ctx.db, customerId);
  const customerRef = await ensureProviderCustomer(ctx, customer);
  let card;
  try {
    card = await provider.attachPaymentMethod(customerRef, input.paymentMethodId);
  } catch (error) {
    // A token that does not exist is a 404; one the processor will not attach is a bad request.
    if (error instanceof PaymentProviderError && error.code !== 'resource_missing') {
      throw badRequest(error.message, { paymentMethodId: error.message });
    }
    throw error;
  }
  // The bank verifies the card before it is saved: a card that would fail the next renewal never
  // becomes the primary card. Outside the transaction: the provider may be slow.
  const verdict = await provider.verifyPaymentMethod(customerRef, input.paymentMethodId);
  if (!verdict.ok) {
    await provider.detachPaymentMethod(input.paymentMethodId).catch(() => undefined);
    await recordAudit(ctx.db, ctx.actor, {
      action: 'create',
      resourceType: 'payment_method',
      resourceId: null,
      newValues: { brand: card.brand, last4: card.last4, reason: verdict.message },
      success: false,
    });
    throw new HttpError(402, verdict.message, {
      errorType: verdict.code,
      errors: { number: verdict.message },
    });
  }
  return inTransaction(ctx, async ({ db: tx, account, actor }) => {
    // Across accounts on purpose: a card the processor knows belongs to one account only.
    const [existing] = await tx
      .select()
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.provider, provider.name),
          eq(paymentMethods.providerRef, input.paymentMethodId),
        ),
      );
    if (existing && existing.customerId !== customerId)
      throw badRequest('This payment method belongs to another customer.');
    if (existing) throw conflict('This card is already on file.');
    const others = await lockCardsOf(tx, customerId);
    const makeDefault = input.setAsDefault || others.length === 0;
    if (makeDefault) await account.update(paymentMethods, { isDefault: false });
    const [row] = await account
      .insert(paymentMethods, {
        provider: provider.name,
        providerRef: input.paymentMethodId,
        ...card,
        isDefault: makeDefault,
      })
      .returning();
    await notifyStaff(tx, customer, 'payment_method_added', { brand: card.brand, last4: card.last4 });
    await recordAudit(tx, actor, {
      action: 'create',
      resourceType: 'payment_method',
      resourceId: row!.id,
      newValues: { ...card, isDefault: makeDefault },
    });
    return row!;
  });
}

/** Removes a card, never the last one; removing the default promotes the newest remaining card. */
export async function removePaymentMethod(ctx: CustomerContext, id: string) {
  const removed = await inTransaction(ctx, async ({ db: tx, account, actor, accountId }) => {
    // Newest first: removing the default promotes the newest remaining card.
    const cards = (await lockCardsOf(tx, accountId)).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
    const card = cards.find((c) => c.id === id);
    if (!card) throw notFound('Payment method not found');
    if (cards.length <= 1) throw conflict(LAST_CARD_MESSAGE);
    await account.delete(paymentMethods, eq(paymentMethods.id, id));
    if (card.isDefault) {
      const next = cards.find((c) => c.id !== id)!;
      await account.update(paymentMethods, { isDefault: true }, eq(paymentMethods.id, next.id));
    }
    await recordAudit(tx, actor, {
      action: 'delete',
      resourceType: 'payment_method',
      resourceId: id,
      oldValues: { brand: card.brand, last4: card.last4, isDefault: card.isDefault },
    });
    return card;
  });
  // The card is gone from our records; telling the provider is best effort.
  await ctx.provider.detachPaymentMethod(removed.providerRef).catch(() => undefined);
}

export async function setDefaultPaymentMethod(ctx: CustomerContext, id: string) {
  await inTransaction(ctx, async ({ db: tx, account, actor, accountId }) => {
    const card = (await lockCardsOf(tx, accountId)).find((c) => c.id === id);
    if (!card) throw notFound('Payment method not found');
    if (card.isDefault) return;
    await account.update(paymentMethods, { isDefault: false }, ne(paymentMethods.id, id));
    await account.update(paymentMethods, { isDefault: true }, eq(paymentMethods.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      resourceType: 'payment_method',
      resourceId: id,
      newValues: { isDefault: true },
    });
  });
}

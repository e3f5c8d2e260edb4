import { randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { sandboxCharges, sandboxIntents, sandboxPaymentMethods, sandboxRefunds } from '../../db/schema';
import {
  CARD_DECLINED_MESSAGE,
  INSUFFICIENT_FUNDS_MESSAGE,
  behaviourOf,
  brandOf,
  digitsOnly,
  validateCard,
  type CardErrors,
  type CardInput,
} from './cards';
import {
  PaymentProviderError,
  type CardDetails,
  type ChargeInput,
  type ChargeResult,
  type IntentInfo,
  type IntentStatus,
  type IntentInput,
  type PaymentProvider,
  type RefundInput,
  type VerifyResult,
} from './provider';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** How long a confirmation may hold an intent before another request may take it over. */
const CLAIM_MS = 60_000;
/** How long a concurrent confirmation waits for the one holding the claim (then: 'processing'). */
const SETTLE_WAIT_MS = 10_000;

export class CardValidationError extends Error {
  constructor(public readonly errors: CardErrors) {
    super(Object.values(errors)[0] ?? 'Your card details are invalid.');
  }
}

/**
 * The offline processor: it keeps its customers' cards, intents, charges and refunds in our own
 * database and behaves like a card test mode. The browser talks to it through
 * `/api/payments/sandbox/*`, the way Stripe.js talks to Stripe.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  clientConfig() {
    return { provider: 'sandbox' as const };
  }

  async createCustomer(input: { customerId: string }): Promise<string> {
    return `cus_sbx_${input.customerId.replaceAll('-', '')}`;
  }

  /** Turns card details into a payment method id; the full number is not kept. */
  async tokenize(card: CardInput): Promise<{ ref: string; card: CardDetails }> {
    const errors = validateCard(card, this.clock.now());
    if (Object.keys(errors).length > 0) throw new CardValidationError(errors);
    const number = digitsOnly(card.number);
    const row = {
      id: id('pm_sbx'),
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear < 100 ? 2000 + card.expYear : card.expYear,
      behaviour: behaviourOf(number),
    };
    await this.db.insert(sandboxPaymentMethods).values(row);
    return {
      ref: row.id,
      card: { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear },
    };
  }

  async attachPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<CardDetails> {
    const [pm] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, paymentMethodRef));
    if (!pm) throw new PaymentProviderError('No such payment method.', 'resource_missing');
    if (pm.customerRef && pm.customerRef !== customerRef) {
      throw new PaymentProviderError(
        'This payment method belongs to another customer.',
        'payment_method_unexpected_state',
      );
    }
    if (!pm.customerRef) {
      await this.db
        .update(sandboxPaymentMethods)
        .set({ customerRef })
        .where(eq(sandboxPaymentMethods.id, pm.id));
    }
    return { brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear };
  }

  async detachPaymentMethod(paymentMethodRef: string): Promise<void> {
    await this.db
      .update(sandboxPaymentMethods)
      .set({ customerRef: null })
      .where(eq(sandboxPaymentMethods.id, paymentMethodRef));
  }

  /** A zero-amount authorisation: the card's bank answers as it would for a charge; nothing is kept. */
  async verifyPaymentMethod(customerRef: string, paymentMethodRef: string): Promise<VerifyResult> {
    const [pm] = await this.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, paymentMethodRef));
    if (!pm || pm.customerRef !== customerRef)
      return { ok: false, message: 'No such payment method.', code: 'resource_missing' };
    const refusal = this.refusalOf(pm);
    return refusal ? { ok: false, message: refusal, code: codeOf(refusal) } : { ok: true };
  }

  /** What the bank says to this card today: null, or its refusal. */
  private refusalOf(pm: typeof sandboxPaymentMethods.$inferSelect): string | null {
    const now = this.clock.now();
    const expired =
      pm.expYear < now.getUTCFullYear() ||
      (pm.expYear === now.getUTCFullYear() && pm.expMonth < now.getUTCMonth() + 1);
    if (expired) return 'Your card has expired.';
    if (pm.behaviour === 'declined') return CARD_DECLINED_MESSAGE;
    if (pm.behaviour === 'insufficient_funds') return INSUFFICIENT_FUNDS_MESSAGE;
    return null;
  }

  /** The sandbox keeps no description or metadata with a charge. */
  async charge(input: Omit<ChargeInput, 'description' | 'metadata'>): Promise<ChargeResult> {
    // The charge already made under this key, and the card, in one statement.
    const [found] = await this.db
      .select({ previous: sandboxCharges, pm: sandboxPaymentMethods })
      .from(sql`(select 1) as charge`)
      .leftJoin(sandboxCharges, eq(sandboxCharges.idempotencyKey, input.idempotencyKey))
      .leftJoin(sandboxPaymentMethods, eq(sandboxPaymentMethods.id, input.paymentMethodRef));
    if (found?.previous) return asResult(found.previous);
    const pm = found?.pm;
    if (!pm || pm.customerRef !== input.customerRef) {
      return { status: 'failed', ref: null, message: 'No such payment method.', code: 'resource_missing' };
    }
    const failure = this.refusalOf(pm) ?? (pm.behaviour === 'declines_later' ? CARD_DECLINED_MESSAGE : null);
    const [row] = await this.db
      .insert(sandboxCharges)
      .values({
        id: id('ch_sbx'),
        customerRef: input.customerRef,
        paymentMethodRef: pm.id,
        amountCents: input.amountCents,
        status: failure ? 'failed' : 'succeeded',
        failureMessage: failure,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return asResult(row);
    // Another caller with the same key got there first: answer what it got.
    const [winner] = await this.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, input.idempotencyKey));
    return asResult(winner!);
  }

  async refund(input: RefundInput): Promise<{ ref: string }> {
    const [previous] = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey));
    if (previous) return { ref: previous.id };
    return this.db.transaction(async (tx) => {
      const [charge] = await tx
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.id, input.chargeRef))
        .for('update');
      if (!charge || charge.status !== 'succeeded')
        throw new PaymentProviderError('No such charge.', 'resource_missing');
      if (input.amountCents <= 0 || charge.refundedCents + input.amountCents > charge.amountCents) {
        throw new PaymentProviderError(
          'The refund is larger than what remains of the charge.',
          'amount_too_large',
        );
      }
      const ref = id('re_sbx');
      await tx.insert(sandboxRefunds).values({
        id: ref,
        chargeRef: charge.id,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
      });
      await tx
        .update(sandboxCharges)
        .set({ refundedCents: charge.refundedCents + input.amountCents })
        .where(eq(sandboxCharges.id, charge.id));
      return { ref };
    });
  }

  async createIntent(
    input: Omit<IntentInput, 'description'>,
  ): Promise<{ ref: string; clientSecret: string }> {
    const ref = id('pi_sbx');
    const [row] = await this.db
      .insert(sandboxIntents)
      .values({
        id: ref,
        clientSecret: `${ref}_secret_${randomBytes(16).toString('hex')}`,
        customerRef: input.customerRef,
        amountCents: input.amountCents,
        status: 'requires_payment_method',
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    const intent =
      row ??
      (
        await this.db
          .select()
          .from(sandboxIntents)
          .where(eq(sandboxIntents.idempotencyKey, input.idempotencyKey))
      )[0]!;
    return { ref: intent.id, clientSecret: intent.clientSecret };
  }

  async retrieveIntent(ref: string): Promise<IntentInfo> {
    const [intent] = await this.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, ref));
    if (!intent) throw new PaymentProviderError('No such payment intent.', 'resource_missing');
    return toIntentInfo(intent);
  }

  async reopenIntent(ref: string): Promise<{ ref: string; clientSecret: string; status: IntentStatus }> {
    const info = await this.retrieveIntent(ref);
    const [intent] = await this.db
      .select({ clientSecret: sandboxIntents.clientSecret })
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, ref));
    return { ref, clientSecret: intent!.clientSecret, status: info.status };
  }

  async findIntentBySecret(clientSecret: string): Promise<IntentInfo | null> {
    const [intent] = await this.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.clientSecret, clientSecret));
    return intent ? toIntentInfo(intent) : null;
  }

  /**
   * The browser's "confirm payment": charge the card for the intent and keep it on the customer.
   * Like a real processor, an intent is confirmed by one request at a time and succeeds at most
   * once, whatever the number of requests or instances: the first request claims it in one
   * conditional update, the others wait for its outcome. Each attempt charges under its own key,
   * `{intent}:{attempt}`, so a declined card can be followed by another card, and a claim left by a
   * process that died is taken over only after checking the ledger for a charge it already made.
   */
  async confirmIntent(intentRef: string, paymentMethodRef: string): Promise<IntentInfo> {
    const now = this.clock.now();
    const [claim] = await this.db
      .update(sandboxIntents)
      .set({
        status: 'processing',
        attempts: sql`${sandboxIntents.attempts} + 1`,
        claimedUntil: new Date(now.getTime() + CLAIM_MS),
      })
      .where(
        and(
          eq(sandboxIntents.id, intentRef),
          or(
            eq(sandboxIntents.status, 'requires_payment_method'),
            and(eq(sandboxIntents.status, 'processing'), lt(sandboxIntents.claimedUntil, now)),
          ),
        ),
      )
      .returning();
    if (!claim) return this.outcomeOf(intentRef);

    const settle = (values: Partial<typeof sandboxIntents.$inferInsert>) =>
      this.db
        .update(sandboxIntents)
        .set({ ...values, claimedUntil: null })
        .where(and(eq(sandboxIntents.id, intentRef), eq(sandboxIntents.attempts, claim.attempts)));

    // By exact keys, so the ledger's unique index answers: a prefix match would scan every charge.
    const earlierKeys = Array.from({ length: claim.attempts - 1 }, (_, i) => attemptKey(intentRef, i + 1));
    const [earlier] =
      earlierKeys.length === 0
        ? []
        : await this.db
            .select()
            .from(sandboxCharges)
            .where(
              and(
                inArray(sandboxCharges.idempotencyKey, earlierKeys),
                eq(sandboxCharges.status, 'succeeded'),
              ),
            );
    if (earlier) {
      await settle({
        status: 'succeeded',
        paymentMethodRef: earlier.paymentMethodRef,
        chargeRef: earlier.id,
        lastError: null,
      });
      return this.retrieveIntent(intentRef);
    }
    try {
      await this.attachPaymentMethod(claim.customerRef, paymentMethodRef);
      const result = await this.charge({
        customerRef: claim.customerRef,
        paymentMethodRef,
        amountCents: claim.amountCents,
        idempotencyKey: attemptKey(intentRef, claim.attempts),
      });
      await settle(
        result.status === 'succeeded'
          ? { status: 'succeeded', paymentMethodRef, chargeRef: result.ref, lastError: null }
          : {
              status: 'requires_payment_method',
              paymentMethodRef,
              chargeRef: result.ref,
              lastError: result.message,
            },
      );
    } catch (error) {
      // Nothing was charged (attach refused, or the charge never ran): the intent is payable again.
      await settle({ status: 'requires_payment_method' });
      throw error;
    }
    return this.retrieveIntent(intentRef);
  }

  /** Waits for the request that holds the intent's claim to settle it, then answers its outcome. */
  private async outcomeOf(intentRef: string): Promise<IntentInfo> {
    const deadline = Date.now() + SETTLE_WAIT_MS;
    let intent = await this.retrieveIntent(intentRef);
    while (intent.status === 'processing' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      intent = await this.retrieveIntent(intentRef);
    }
    return intent;
  }
}

/** The ledger key of one confirmation attempt: one charge at most per intent and attempt. */
const attemptKey = (intentRef: string, attempt: number) => `${intentRef}:${attempt}`;

function asResult(row: typeof sandboxCharges.$inferSelect): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', ref: row.id };
  const message = row.failureMessage ?? CARD_DECLINED_MESSAGE;
  return { status: 'failed', ref: row.id, message, code: codeOf(message) };
}

function codeOf(message: string): string {
  if (message === INSUFFICIENT_FUNDS_MESSAGE) return 'insufficient_funds';
  return message.includes('expired') ? 'expired_card' : 'card_declined';
}

function toIntentInfo(intent: typeof sandboxIntents.$inferSelect): IntentInfo {
  return {
    ref: intent.id,
    status: intent.status as IntentInfo['status'],
    amountCents: intent.amountCents,
    customerRef: intent.customerRef,
    paymentMethodRef: intent.paymentMethodRef,
    chargeRef: intent.chargeRef,
    lastError: intent.lastError,
    metadata: intent.metadata,
  };
}

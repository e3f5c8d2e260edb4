import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLogs, invoices, SIGN_IN_ROW, type payments } from '../../db/schema';
import { usd } from '../../lib/money-text';
import {
  customerRecipient,
  emailLinks,
  emailMoment,
  personData,
  personTo,
  type Mailer,
  type Person,
} from './mailer';

/**
 * The emails of the product's events (docs/email.md "Which event sends what"). Each is queued with the
 * transaction of its event: rolled back, the event leaves no message.
 */

const DAY_MS = 86_400_000;

/** Self sign-up: the welcome email, with the trial's days and end. */
export async function queueWelcome(
  tx: Executor,
  mailer: Mailer,
  input: { customerId: string; trialEndsAt: Date | null; now: Date },
) {
  const customer = await customerRecipient(tx, input.customerId);
  if (!customer) return;
  const end = input.trialEndsAt ?? input.now;
  await mailer.queue.queue(tx, {
    template: 'welcome',
    to: customer.to,
    customerId: customer.customerId,
    dedupeKey: `welcome:${customer.customerId}`,
    data: {
      ...customer.data,
      daysLeft: String(Math.max(0, Math.ceil((end.getTime() - input.now.getTime()) / DAY_MS))),
      trialEndDate: customer.day(end),
      signInUrl: emailLinks(mailer).customerSignIn,
    },
  });
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * A recorded payment: its receipt with the invoice PDF when it succeeded, the failure and its reason
 * when it failed. Once per payment (the dedupe key), whatever records it.
 */
export async function queuePaymentEmail(
  tx: Executor,
  mailer: Mailer,
  payment: PaymentRow,
  /** The paid invoice's number when the caller has it (it issued the invoice): not read again. */
  known: { invoiceNumber?: string } = {},
) {
  if (!payment.customerId || (payment.status !== 'succeeded' && payment.status !== 'failed')) return;
  const customer = await customerRecipient(tx, payment.customerId);
  if (!customer) return;
  const links = emailLinks(mailer);
  if (payment.status === 'succeeded') {
    const [invoice] =
      known.invoiceNumber !== undefined
        ? [{ number: known.invoiceNumber }]
        : payment.invoiceId
          ? await tx
              .select({ number: invoices.number })
              .from(invoices)
              .where(eq(invoices.id, payment.invoiceId))
          : [];
    await mailer.queue.queue(tx, {
      template: 'payment_success',
      to: customer.billingTo,
      customerId: customer.customerId,
      dedupeKey: `payment_success:${payment.id}`,
      attachments: payment.invoiceId ? [{ kind: 'invoice', invoiceId: payment.invoiceId }] : [],
      now: payment.createdAt,
      data: {
        ...customer.data,
        amount: usd(payment.amountCents),
        invoiceNumber: invoice?.number ?? '',
        paymentDate: customer.day(payment.createdAt),
        portalUrl: links.portalBilling,
      },
    });
    return;
  }
  await mailer.queue.queue(tx, {
    template: 'payment_failed',
    to: customer.billingTo,
    customerId: customer.customerId,
    dedupeKey: `payment_failed:${payment.id}`,
    now: payment.createdAt,
    data: {
      ...customer.data,
      amount: usd(payment.amountCents),
      failureReason: (payment.failureMessage ?? 'the payment was declined').replace(/\.$/, ''),
      portalUrl: links.portalBilling,
    },
  });
}

/** A customer's status changed to suspended. */
export async function queueSuspended(tx: Executor, mailer: Mailer, customerId: string) {
  const customer = await customerRecipient(tx, customerId);
  if (!customer) return;
  await mailer.queue.queue(tx, {
    template: 'account_suspended',
    to: customer.to,
    customerId,
    data: customer.data,
  });
}

/** Whose password changed or who signed in: a staff member, or a customer's owner or team member. */
export type Account =
  | { kind: 'staff'; staffUserId: string; person: Person }
  | { kind: 'customer'; customerId: string; person: Person };

const accountIds = (account: Account) =>
  account.kind === 'staff' ? { staffUserId: account.staffUserId } : { customerId: account.customerId };
const signInUrlOf = (mailer: Mailer, account: Account) =>
  account.kind === 'staff' ? emailLinks(mailer).staffSignIn : emailLinks(mailer).customerSignIn;

/** The security email after any change of password (always sent). */
export async function queuePasswordChanged(tx: Executor, mailer: Mailer, account: Account) {
  await mailer.queue.queue(tx, {
    template: 'password_changed',
    to: personTo(account.person),
    ...accountIds(account),
    data: { ...personData(account.person), signInUrl: signInUrlOf(mailer, account) },
  });
}

/**
 * A sign-in from a browser and address this person never signed in from: the audit trail's earlier
 * successful sign-ins are the memory. The very first sign-in of a person is not news, so it sends nothing.
 * Call it before the sign-in's own audit row is written.
 */
export async function queueNewSignInIfUnseen(
  tx: Executor,
  mailer: Mailer,
  account: Account,
  input: { personId: string; ipAddress: string | null; userAgent: string | null; now: Date },
) {
  // Two lookups of the partial index of sign-ins by person and address, each stopping at its first
  // row: counting every earlier sign-in grew with each one (thousands for a busy account).
  const earlier = and(sql.raw(SIGN_IN_ROW), eq(auditLogs.actorId, input.personId));
  const sameBrowser = and(
    earlier,
    input.ipAddress === null ? isNull(auditLogs.ipAddress) : eq(auditLogs.ipAddress, input.ipAddress),
    input.userAgent === null ? isNull(auditLogs.userAgent) : eq(auditLogs.userAgent, input.userAgent),
  );
  const [seen] = await tx
    .select({
      any: sql<boolean>`exists(${tx
        .select({ one: sql`1` })
        .from(auditLogs)
        .where(earlier)})`,
      same: sql<boolean>`exists(${tx
        .select({ one: sql`1` })
        .from(auditLogs)
        .where(sameBrowser)})`,
    })
    .from(sql`(select 1) as seen`);
  if (!seen?.any || seen.same) return;
  await mailer.queue.queue(tx, {
    template: 'new_sign_in',
    to: personTo(account.person),
    ...accountIds(account),
    data: {
      ...personData(account.person),
      signInTime: await emailMoment(tx, input.now),
      ipAddress: input.ipAddress ?? 'unknown',
      device: describeBrowser(input.userAgent),
    },
  });
}

/** A short name of a browser from its user agent ("Chrome on Windows"), or the raw start of it. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent.slice(0, 80);
}

/**
 * A checkout link staff issued (a payment or subscription request, or a retry's new link): it goes to
 * the customer by email, never onto the staff member's screen. Answers the address it went to.
 */
export async function queuePaymentLinkEmail(
  tx: Executor,
  mailer: Mailer,
  input: {
    template: 'payment_request' | 'subscription_request' | 'payment_link';
    customerId: string;
    amountCents: number;
    url: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<string> {
  const customer = await customerRecipient(tx, input.customerId);
  if (!customer) return '';
  await mailer.queue.queue(tx, {
    template: input.template,
    to: customer.billingTo,
    customerId: customer.customerId,
    data: {
      ...customer.data,
      amount: usd(input.amountCents),
      paymentUrl: emailLinks(mailer).absolute(input.url),
      expiresAt: customer.day(input.expiresAt),
    },
  });
  return customer.billingTo.email;
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import { generateCustomerPassword } from '../../../shared/customer-password';
import type { CustomerForm, StaffCustomerDetail } from '../../../shared/contracts/staff-customers';
import { type CustomerStatus, paysForPlan } from '../../../shared/statuses';
import { featureAccessOf } from '../../../shared/feature-access';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customers, sessions, staffUsers, subscriptions } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';
import { applyPlan, type SubscriptionRow, cancelSubscription, resumeSubscription } from '../billing';
import { emailSignsIn } from '../customers/login-emails';
import { EMAIL_TAKEN } from '../fleet/team';
import { queueSuspended } from '../email-events/events';
import { recordActivity } from '../notifications/service';
import { createCustomerAccount, queueAccountInvitation } from './new-account';
import { findActivePlan } from '../plans/service';
import { actorFor, billingAsStaff, type StaffContext } from './context';
import { customerRows, isCustomerId, toStaffCustomer } from './customer-rows';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const ACTIVE_PLAN_MESSAGE = 'Please select an active plan';
export const PAID_PLAN_MESSAGE =
  "This customer pays for their plan. Plan changes that change the price are made from the customer's Plans tab, where an upgrade charges the difference and a downgrade waits for the end of the period.";

type CustomerRecord = typeof customers.$inferSelect;

/**
 * One customer for the edit dialog. Whether the customer still signs in with the temporary password
 * staff set, never the password itself: it went to the customer by email (issue 14; docs/email.md).
 */
export async function customerDetail(
  ctx: Pick<StaffContext, 'db'>,
  id: string,
): Promise<StaffCustomerDetail> {
  const [row] = isCustomerId(id)
    ? await customerRows(ctx.db, { where: eq(customers.id, id), order: (c) => [asc(c.id)], limit: 1 })
    : [];
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return { ...toStaffCustomer(row), passwordPending: !row.isPasswordSet };
}

/** The form's profile fields as columns; empty optional text is stored as null. */
function profileOf(input: CustomerForm) {
  const text = (value: string | undefined) => value || null;
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: text(input.phone),
    companyName: input.companyName,
    address: text(input.address),
    city: text(input.city),
    state: text(input.state),
    zipCode: text(input.zipCode),
    country: input.country,
  };
}

/**
 * A password staff typed or had generated: kept hashed only. The customer receives it by email
 * (account_invitation); nothing keeps it readable, so no screen can show it again.
 */
async function staffPassword(password: string) {
  // Not the customer's own choice either way: they are asked to set theirs at sign-in.
  return {
    password,
    passwordHash: await hashPassword(password),
    isPasswordSet: false,
  };
}

/** Send again: a new temporary password for an owner who has not set theirs, by email. */
export async function resendCustomerPassword(ctx: StaffContext, id: string): Promise<{ email: string }> {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const { password, ...credentials } = await staffPassword(generateCustomerPassword());
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw notFound(CUSTOMER_NOT_FOUND);
    if (before.isPasswordSet)
      throw conflict(`${before.companyName}'s owner has set their own password: nothing to send.`);
    await tx
      .update(customers)
      .set({ ...credentials, updatedAt: ctx.clock.now() })
      .where(eq(customers.id, id));
    await tx.delete(sessions).where(and(eq(sessions.customerId, id), isNull(sessions.teamMemberId)));
    await recordAudit(tx, actorFor(ctx, id), {
      action: 'update',
      resourceType: 'customer',
      resourceId: id,
      newValues: { signIn: 'new temporary password sent by email', sentTo: before.email },
    });
    await queueAccountInvitation(tx, ctx.mail, id, password);
    return { email: before.email };
  });
}

export const SALES_USER_CHOICE_MESSAGE = 'Choose a sales user from the list';

/**
 * The sales user credited with the account (docs/commissions.md): the one chosen, none (null), or,
 * left out, the current one on an edit and on an add the sales user adding it (none for other roles).
 */
async function salesUserFor(
  tx: Executor,
  ctx: StaffContext,
  requested: string | null | undefined,
  current: string | null | undefined,
): Promise<string | null> {
  if (requested === undefined) {
    if (current !== undefined) return current;
    return ctx.actingRole === 'sales' ? ctx.actor.actorId : null;
  }
  if (requested === null) return null;
  const [member] = isCustomerId(requested)
    ? await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(and(eq(staffUsers.id, requested), eq(staffUsers.role, 'sales')))
        .for('key share')
    : [];
  if (!member) throw badRequest(SALES_USER_CHOICE_MESSAGE, { salesUserId: SALES_USER_CHOICE_MESSAGE });
  return member.id;
}

/** The losing side of two writes of one email at once gets the same answer as the usual case. */
async function emailUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

/** Ends every session of the account: the owner's and the team members' (and staff's views into it). */
const endAccountSessions = (tx: Executor, customerId: string) =>
  tx.delete(sessions).where(eq(sessions.customerId, customerId));

/**
 * Add Customer (docs/staff-customers.md): its plan must be active and its limits are copied; the password is the
 * one staff typed or, left empty, a generated one, and either way a temporary one; the account
 * starts the same 14-day trial as a self sign-up, so the customer can use the product and add a card.
 */
export async function createCustomer(ctx: StaffContext, input: CustomerForm): Promise<StaffCustomerDetail> {
  const { password, passwordHash } = await staffPassword(input.password || generateCustomerPassword());
  const id = await emailUnique(() =>
    ctx.db.transaction(async (tx) => {
      const plan = await findActivePlan(tx, input.planId);
      if (!plan) throw badRequest(ACTIVE_PLAN_MESSAGE, { planId: ACTIVE_PLAN_MESSAGE });
      // Across accounts on purpose: one email signs in to one account (customer_logins).
      if (await emailSignsIn(tx, input.email)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const customer = await createCustomerAccount(
        tx,
        { actor: ctx.actor, mail: ctx.mail, now: ctx.clock.now() },
        {
          profile: profileOf(input),
          plan,
          status: input.status,
          featureAccess: featureAccessOf(input.featureAccess),
          salesUserId: await salesUserFor(tx, ctx, input.salesUserId, undefined),
          credentials: { password, passwordHash },
          origin: { addedHow: 'was added by staff' },
        },
      );
      if (input.status === 'suspended') await queueSuspended(tx, ctx.mail, customer.id);
      return customer.id;
    }),
  );
  return customerDetail(ctx, id);
}

/**
 * The status billing gives an account (docs/staff-customers.md "Statuses"): cancelled once renewal
 * has stopped (scheduled or ended), pending while the first payment is awaited, otherwise active.
 */
export function billingStatus(sub: SubscriptionRow): CustomerStatus {
  if (sub.status === 'canceled' || sub.cancelAtPeriodEnd) return 'cancelled';
  if (sub.status === 'pending') return 'pending';
  return 'active';
}

export const statusEndedMessage = (company: string) =>
  `${company}'s subscription has ended, so the account cannot be set Active here: the customer subscribes again from checkout (or send them a payment link).`;
export const statusPendingMessage = (company: string) =>
  `${company} has not paid yet: the account becomes Active when its checkout is paid.`;
export const statusNotPendingMessage = (company: string) =>
  `Pending means awaiting the first payment at checkout, which ${company} is not.`;

/**
 * The status an edit asks for, made true the one way billing makes it (the portal's own functions,
 * staff as the actor, in the edit's transaction): Cancelled cancels the subscription (renewal stops,
 * access to the period end; a pending one ends now), Active on a scheduled cancellation resumes it.
 * Suspended is staff's alone and leaves billing as it is; an account without a subscription has
 * only the label. A status billing cannot give (Active before the first payment or after the end,
 * Pending on a trial or a paid subscription) is refused on the field, with nothing changed.
 */
async function statusThroughBilling(
  tx: Executor,
  ctx: StaffContext,
  before: CustomerRecord,
  sub: SubscriptionRow | undefined,
  wanted: CustomerStatus,
): Promise<CustomerStatus> {
  if (wanted === 'suspended' || !sub) return wanted;
  const implied = billingStatus(sub);
  const refuse = (message: string) => conflict(message, { status: message });
  // Unchanged is no request: an edit of other fields never moves billing (nor is refused for it).
  if (wanted === implied || wanted === before.status) return wanted;
  const billing = billingAsStaff(ctx, before.id, tx);
  if (wanted === 'cancelled') {
    await cancelSubscription(billing);
    return wanted;
  }
  if (wanted === 'active' && implied === 'cancelled') {
    if (sub.status === 'canceled' || sub.currentPeriodEnd <= ctx.clock.now())
      throw refuse(statusEndedMessage(before.companyName));
    await resumeSubscription(billing);
    return wanted;
  }
  throw refuse(
    wanted === 'active'
      ? statusPendingMessage(before.companyName)
      : statusNotPendingMessage(before.companyName),
  );
}

/** The fields an edit can change, compared before and after for the audit trail. */
const AUDITED = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'planId',
  'carLimit',
  'userLimit',
  'status',
  'suspendedAt',
  'featureAccess',
  'salesUserId',
] as const;

function changesOf(before: CustomerRecord, after: CustomerRecord) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of AUDITED) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    oldValues[key] = before[key];
    newValues[key] = after[key];
  }
  return { oldValues, newValues };
}

/**
 * Edit Customer (docs/staff-customers.md): the same rules as Add. An empty password keeps the current one;
 * a typed one becomes the temporary password and ends the owner's sessions. A plan change moves
 * the account and its subscription to the plan (limits and the price of the next charge) while no
 * paid period is under way; with one, the price is billing's and the change is refused. The status
 * goes through billing (`statusThroughBilling`); suspended ends every session of the account, as
 * Suspend does.
 */
export async function updateCustomer(
  ctx: StaffContext,
  id: string,
  input: CustomerForm,
): Promise<StaffCustomerDetail> {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const now = ctx.clock.now();
  const { password, ...credentials } = input.password
    ? await staffPassword(input.password)
    : { password: null };
  const newCredentials = password === null ? null : credentials;
  await emailUnique(() =>
    ctx.db.transaction(async (tx) => {
      // The subscription, then the account: the order billing locks them in.
      const [subscription] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, id))
        .for('update');
      const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
      if (!before) throw notFound(CUSTOMER_NOT_FOUND);
      if (input.email !== before.email.toLowerCase() && (await emailSignsIn(tx, input.email)))
        throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const plan = input.planId === before.planId ? null : await findActivePlan(tx, input.planId);
      if (input.planId !== before.planId) {
        if (!plan) throw badRequest(ACTIVE_PLAN_MESSAGE, { planId: ACTIVE_PLAN_MESSAGE });
        if (subscription && paysForPlan(subscription.status))
          throw badRequest(PAID_PLAN_MESSAGE, { planId: PAID_PLAN_MESSAGE });
      }
      const status = await statusThroughBilling(tx, ctx, before, subscription, input.status);
      const suspending = status === 'suspended' && before.status !== 'suspended';
      await tx
        .update(customers)
        .set({
          ...profileOf(input),
          ...newCredentials,
          status,
          suspendedAt: status === 'suspended' ? (before.suspendedAt ?? now) : null,
          featureAccess: featureAccessOf(input.featureAccess ?? before.featureAccess),
          salesUserId: await salesUserFor(tx, ctx, input.salesUserId, before.salesUserId),
          updatedAt: now,
        })
        .where(eq(customers.id, id));
      if (plan) await applyPlan(tx, id, plan, now);
      if (suspending) await endAccountSessions(tx, id);
      else if (newCredentials)
        await tx.delete(sessions).where(and(eq(sessions.customerId, id), isNull(sessions.teamMemberId)));
      const [after] = await tx.select().from(customers).where(eq(customers.id, id));
      const { oldValues, newValues } = changesOf(before, after!);
      // The audit trail never holds a password: only that staff set a new temporary one.
      if (newCredentials) newValues.signIn = 'new temporary credentials set by staff';
      await recordAudit(tx, actorFor(ctx, id), {
        action: 'update',
        resourceType: 'customer',
        resourceId: id,
        oldValues,
        newValues,
      });
      await recordActivity(tx, after!, {
        action: plan ? 'plan_changed' : 'customer_updated',
        description: plan
          ? `${after!.companyName} was moved to the ${plan.name} plan by staff`
          : suspending
            ? `${after!.companyName} was suspended by staff`
            : `${after!.companyName}'s account was updated by staff`,
        metadata: { updatedBy: ctx.actor.actorEmail, ...(plan ? { planName: plan.name } : {}) },
      });
      if (password !== null) await queueAccountInvitation(tx, ctx.mail, id, password);
      if (suspending) await queueSuspended(tx, ctx.mail, id);
    }),
  );
  return customerDetail(ctx, id);
}

/**
 * Suspend (active only): the account and its team can no longer sign in or use the API, and every
 * session into it ends now. Billing keeps the suspension (setCustomerStatus skips it).
 */
export async function suspendCustomer(ctx: StaffContext, id: string): Promise<StaffCustomerDetail> {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw notFound(CUSTOMER_NOT_FOUND);
    if (before.status !== 'active')
      throw conflict(`Only an active customer can be suspended. ${before.companyName} is ${before.status}.`);
    await tx
      .update(customers)
      .set({ status: 'suspended', suspendedAt: now, updatedAt: now })
      .where(eq(customers.id, id));
    await endAccountSessions(tx, id);
    await recordAudit(tx, actorFor(ctx, id), {
      action: 'suspend',
      resourceType: 'customer',
      resourceId: id,
      oldValues: { status: before.status },
      newValues: { status: 'suspended', suspendedAt: now.toISOString(), sessionsEnded: true },
    });
    await recordActivity(tx, before, {
      action: 'customer_updated',
      description: `${before.companyName} was suspended by staff`,
      metadata: { status: 'suspended', updatedBy: ctx.actor.actorEmail },
    });
    await queueSuspended(tx, ctx.mail, id);
  });
  return customerDetail(ctx, id);
}

/** Reactivate (suspended only): the account takes the status its subscription implies. */
export async function reactivateCustomer(ctx: StaffContext, id: string): Promise<StaffCustomerDetail> {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, id))
      .for('update');
    const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!before) throw notFound(CUSTOMER_NOT_FOUND);
    if (before.status !== 'suspended')
      throw conflict(
        `Only a suspended customer can be reactivated. ${before.companyName} is ${before.status}.`,
      );
    const status = subscription ? billingStatus(subscription) : 'active';
    await tx.update(customers).set({ status, suspendedAt: null, updatedAt: now }).where(eq(customers.id, id));
    await recordAudit(tx, actorFor(ctx, id), {
      action: 'reactivate',
      resourceType: 'customer',
      resourceId: id,
      oldValues: { status: before.status, suspendedAt: before.suspendedAt?.toISOString() ?? null },
      newValues: { status, subscriptionStatus: subscription?.status ?? null },
    });
    await recordActivity(tx, before, {
      action: 'customer_updated',
      description: `${before.companyName} was reactivated by staff`,
      metadata: { status, updatedBy: ctx.actor.actorEmail },
    });
  });
  return customerDetail(ctx, id);
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import { generateCustomerPassword } from '../../../shared/customer-password';
import type { CustomerForm, StaffCustomerDetail } from '../../../shared/contracts/staff-customers';
import { paysForPlan } from '../../../shared/statuses';
import { featureAccessOf } from '../../../shared/feature-access';
import type { Tx } from '../../db/client';
import { customers, sessions, subscriptions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { applyPlan } from '../billing';
import { emailSignsIn } from '../customers';
import { EMAIL_TAKEN } from '../fleet';
import { queueSuspended } from '../email-events';
import { recordActivity } from '../notifications';
import { createCustomerAccount, queueAccountInvitation } from './new-account';
import { findActivePlan } from '../plans';
import { actorFor, type StaffContext } from '../../http/staff-context';
import { customerRows, isCustomerId, toStaffCustomer } from './customer-rows';
import { changesOf, emailUnique, profileOf, salesUserFor, staffPassword } from './account-fields';
import { billingStatus, endAccountSessions, statusThroughBilling } from './account-status';
import { inTransaction } from '../../http/request-context';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const ACTIVE_PLAN_MESSAGE = 'Please select an active plan';
export const PAID_PLAN_MESSAGE =
  "This customer pays for their plan. Plan changes that change the price are made from the customer's Plans tab, where an upgrade charges the difference and a downgrade waits for the end of the period.";

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

/** The account and its subscription, locked in the order billing locks them: the subscription first. */
async function lockAccount(tx: Tx, id: string) {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, id))
    .for('update');
  const [before] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
  if (!before) throw notFound(CUSTOMER_NOT_FOUND);
  return { subscription, before };
}

/** Send again: a new temporary password for an owner who has not set theirs, by email. */
export async function resendCustomerPassword(ctx: StaffContext, id: string): Promise<{ email: string }> {
  if (!isCustomerId(id)) throw notFound(CUSTOMER_NOT_FOUND);
  const { password, ...credentials } = await staffPassword(generateCustomerPassword());
  return inTransaction(ctx, async ({ db: tx }) => {
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

/**
 * Add Customer (docs/staff-customers.md): its plan must be active and its limits are copied; the password is the
 * one staff typed or, left empty, a generated one, and either way a temporary one; the account
 * starts the same 14-day trial as a self sign-up, so the customer can use the product and add a card.
 */
export async function createCustomer(ctx: StaffContext, input: CustomerForm): Promise<StaffCustomerDetail> {
  const { password, passwordHash } = await staffPassword(input.password || generateCustomerPassword());
  const id = await emailUnique(() =>
    inTransaction(ctx, async ({ db: tx }) => {
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
    inTransaction(ctx, async ({ db: tx }) => {
      const { subscription, before } = await lockAccount(tx, id);
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
  await inTransaction(ctx, async ({ db: tx }) => {
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
  await inTransaction(ctx, async ({ db: tx }) => {
    const { subscription, before } = await lockAccount(tx, id);
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

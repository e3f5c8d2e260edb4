import { randomUUID } from 'node:crypto';
import type { FeatureAccess } from '../../../shared/feature-access';
import type { Executor } from '../../db/client';
import { customers, type plans } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit';
import { startTrial } from '../billing';
import { customerRecipient, emailLinks, type Mailer } from '../email-events';
import { recordActivity } from '../notifications';

/**
 * The one way staff-side code creates a customer account (Add Customer, the external database import):
 * the account on its plan with the plan's limits, a 14-day trial, the audit row, the activity entry and
 * the temporary password by email, all in the caller's transaction.
 */

type CustomerRecord = typeof customers.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** The columns a new account takes from whoever creates it; optional text already null when empty. */
export type NewAccountProfile = Pick<
  typeof customers.$inferInsert,
  'email' | 'firstName' | 'lastName' | 'companyName' | 'phone' | 'address' | 'city' | 'state' | 'zipCode'
> & { country: string };

export type NewCustomerAccount = {
  profile: NewAccountProfile;
  plan: PlanRow;
  status: CustomerRecord['status'];
  featureAccess: FeatureAccess;
  salesUserId: string | null;
  /** The temporary password (for its email only) and its hash (to keep). */
  credentials: { password: string; passwordHash: string };
  /** How the activity feed says it came ("was added by staff"), and what the audit row adds. */
  origin: { addedHow: string; audit?: Record<string, unknown> };
};

/** The temporary password, by email to the account's owner, in the transaction that set it. */
export async function queueAccountInvitation(
  tx: Executor,
  mail: Mailer,
  customerId: string,
  password: string,
) {
  const customer = await customerRecipient(tx, customerId);
  if (!customer) return;
  await mail.queue.queue(tx, {
    template: 'account_invitation',
    to: customer.to,
    customerId,
    data: { ...customer.data, temporaryPassword: password, signInUrl: emailLinks(mail).customerSignIn },
  });
}

export async function createCustomerAccount(
  tx: Executor,
  ctx: { actor: AuditActor; mail: Mailer; now: Date },
  account: NewCustomerAccount,
): Promise<CustomerRecord> {
  const { plan } = account;
  const { now } = ctx;
  const id = randomUUID();
  const [row] = await tx
    .insert(customers)
    .values({
      id,
      ...account.profile,
      passwordHash: account.credentials.passwordHash,
      // Not the customer's own choice: they are asked to set theirs at sign-in.
      isPasswordSet: false,
      planId: plan.id,
      carLimit: plan.vehicleLimit,
      userLimit: plan.userLimit,
      role: 'fleet_admin',
      status: account.status,
      suspendedAt: account.status === 'suspended' ? now : null,
      featureAccess: account.featureAccess,
      salesUserId: account.salesUserId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const customer = row!;
  const subscription = await startTrial(tx, id, plan, now);
  const { passwordHash: _hash, searchText: _search, ...visible } = customer;
  await recordAudit(
    tx,
    { ...ctx.actor, accountId: id },
    {
      action: 'create',
      resourceType: 'customer',
      resourceId: id,
      newValues: { ...visible, subscriptionStatus: subscription.status, ...account.origin.audit },
    },
  );
  await recordActivity(tx, customer, {
    action: 'customer_registered',
    description: `${customer.companyName} ${account.origin.addedHow} on the ${plan.name} plan`,
    metadata: { planName: plan.name, createdBy: ctx.actor.actorEmail },
  });
  await queueAccountInvitation(tx, ctx.mail, id, account.credentials.password);
  return customer;
}

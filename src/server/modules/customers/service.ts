import type { RegistrationRequest } from '../../../shared/contracts/customers';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { customers } from '../../db/schema';
import { emailSignsIn } from './login-emails';
import { hashPassword } from '../../auth/passwords';
import { badRequest, conflict } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { recordActivity } from '../notifications';
import { startTrial } from '../billing';
import { findActivePlan } from '../plans';
import { queueWelcome } from '../email-events';
import type { Mailer } from '../email-events';

export const DUPLICATE_EMAIL_MESSAGE =
  'An account with this email address already exists. Please sign in instead.';

/** Self sign-up: a fleet_admin account on a 14-day trial of the chosen plan, no card needed. */
export async function registerCustomer(
  db: Db,
  mail: Mailer,
  actor: AuditActor,
  input: RegistrationRequest,
  now: Date,
) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const plan = await findActivePlan(tx, input.planId);
      if (!plan) throw badRequest('Please select a plan', { planId: 'Please select a plan' });
      if (await emailSignsIn(tx, input.email))
        throw conflict(DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE });
      const [row] = await tx
        .insert(customers)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          companyName: input.companyName,
          address: input.address || null,
          planId: plan.id,
          role: 'fleet_admin',
          status: 'active',
          carLimit: plan.vehicleLimit,
          userLimit: plan.userLimit,
          isPasswordSet: true,
          lastPasswordChange: now,
        })
        .returning();
      const customer = row!;
      const subscription = await startTrial(tx, customer.id, plan, now);
      const who = {
        ...actor,
        actorType: 'customer' as const,
        actorId: customer.id,
        actorEmail: customer.email,
        accountId: customer.id,
      };
      const { passwordHash: _hash, ...visible } = customer;
      await recordAudit(tx, who, {
        action: 'create',
        resourceType: 'customer',
        resourceId: customer.id,
        newValues: visible,
      });
      await recordActivity(tx, customer, {
        action: 'customer_registered',
        description: `${customer.companyName} signed up for the ${plan.name} plan`,
        metadata: {
          planName: plan.name,
          ipAddress: actor.ipAddress,
          userAgent: actor.userAgent?.slice(0, 50) ?? null,
        },
      });
      // The welcome email, in the sign-up's transaction: a refused sign-up leaves no message.
      await queueWelcome(tx, mail, { customerId: customer.id, trialEndsAt: subscription.trialEndsAt, now });
      return { ...customer, subscriptionStatus: subscription.status, trialEndsAt: subscription.trialEndsAt };
    });
  } catch (error) {
    // A sign-up racing another sign-up or an invitation for the same email: customer_logins'
    // primary key decides (it is written by a trigger in the insert itself), and the loser gets a 409.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE });
    throw error;
  }
}

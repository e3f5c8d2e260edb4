import type { Executor } from '../../db/client';
import { accountScope } from '../../db/account-scope';
import { actorFor, type StaffContext } from '../../http/staff-context';
import type { CustomerContext } from '../../http/request-context';

/**
 * Billing's own context for a change staff make to one account, on `db` (the edit's transaction):
 * billing's functions (cancel, resume, plan changes) run as they do for the portal, with the staff
 * member as the audited actor. One way: staff never write billing's rows themselves.
 */
export const billingAsStaff = (ctx: StaffContext, customerId: string, db: Executor): CustomerContext => ({
  db,
  actor: actorFor(ctx, customerId),
  accountId: customerId,
  clock: ctx.clock,
  account: accountScope(db, customerId),
  provider: ctx.provider,
  mail: ctx.mail,
});

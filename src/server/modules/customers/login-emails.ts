import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerLogins } from '../../db/schema';

/**
 * Whether an email already signs in to an account, as its owner or as a team member. This read
 * only gives the usual case its friendly message: under concurrency, `customer_logins`' primary
 * key (kept by triggers) is what refuses the second account.
 */
export async function emailSignsIn(exec: Executor, email: string): Promise<boolean> {
  const [row] = await exec
    .select({ email: customerLogins.email })
    .from(customerLogins)
    .where(eq(customerLogins.email, email.trim().toLowerCase()));
  return !!row;
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { counters } from '../../db/schema';

/**
 * Ticket numbers come from the `support_ticket` counter, incremented in the ticket's own transaction:
 * the row lock serialises concurrent tickets and a rolled-back ticket gives its number back (the
 * invoice numbers' way, `billing/invoices/invoices.ts`).
 */
export async function nextTicketNumber(tx: Executor): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name: 'support_ticket', value: 1001 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row!.value;
}

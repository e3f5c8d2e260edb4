import { inArray, sql } from 'drizzle-orm';
import type { EmailStatus } from '../../../shared/statuses';
import { emailDayTotals } from '../../db/schema';

// The outbox's counts as its triggers keep them per day, template and status (migration 0026,
// docs/email.md "Analytics at size"); every screen that counts messages sums these rows.

const messagesIn = (statuses: EmailStatus[]) =>
  sql<number>`coalesce(sum(${emailDayTotals.messages}) filter (where ${inArray(emailDayTotals.status, statuses)}), 0)`.mapWith(
    Number,
  );

/** Sent, failed and still to send (queued, or being sent), summed over the rows a query groups. */
export const messagesByOutcome = {
  sent: messagesIn(['sent']),
  failed: messagesIn(['failed']),
  queued: messagesIn(['queued', 'sending']),
};

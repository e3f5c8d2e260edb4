import { sql } from 'drizzle-orm';
import type { Integration } from '../../../shared/contracts/system-health';
import type { Db } from '../../db/client';
import { integrationStatus } from '../../db/schema';

/** A message on one line (control characters become spaces), at most `max` characters. */
export function oneLine(text: string, max: number): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  return out.replace(/ {2,}/g, ' ').slice(0, max);
}

type Mark = { successAt: Date | null; failureAt: Date | null; error: string | null };

/**
 * The last success and failure of each integration, as the code that calls it sees them (the payments
 * adapters call these through `integrations/payments/status.ts`). Marks are kept in memory and written
 * to `integration_status` at the instance's next report, so a charge never waits for a write; several
 * instances only ever move the times forward (`greatest`).
 */
const pending = new Map<Integration, Mark>();

const markOf = (integration: Integration): Mark => {
  let mark = pending.get(integration);
  if (!mark) {
    mark = { successAt: null, failureAt: null, error: null };
    pending.set(integration, mark);
  }
  return mark;
};

export function recordIntegrationSuccess(integration: Integration, at = new Date()) {
  markOf(integration).successAt = at;
}

/** `error` is our own words for what went wrong (never a provider's raw answer: it may quote a key). */
export function recordIntegrationFailure(integration: Integration, error: string, at = new Date()) {
  const mark = markOf(integration);
  mark.failureAt = at;
  // Control characters out, and short: it is shown on the screen and in an alert.
  mark.error = oneLine(error, 300);
}

/** Writes the marks made since the last call; answers the integrations whose last word was a failure. */
export async function flushIntegrationStatus(db: Db): Promise<{ integration: Integration; error: string }[]> {
  if (pending.size === 0) return [];
  const marks = [...pending.entries()];
  pending.clear();
  try {
    await db
      .insert(integrationStatus)
      .values(
        marks.map(([integration, m]) => ({
          integration,
          lastSuccessAt: m.successAt,
          lastFailureAt: m.failureAt,
          lastError: m.error,
        })),
      )
      .onConflictDoUpdate({
        target: integrationStatus.integration,
        set: {
          lastSuccessAt: sql`greatest(${integrationStatus.lastSuccessAt}, excluded.last_success_at)`,
          lastFailureAt: sql`greatest(${integrationStatus.lastFailureAt}, excluded.last_failure_at)`,
          lastError: sql`coalesce(excluded.last_error, ${integrationStatus.lastError})`,
          updatedAt: sql`now()`,
        },
      });
  } catch (error) {
    for (const [integration, m] of marks) {
      const now = markOf(integration);
      now.successAt ??= m.successAt;
      now.failureAt ??= m.failureAt;
      now.error ??= m.error;
    }
    throw error;
  }
  return marks
    .filter(([, m]) => m.failureAt && (!m.successAt || m.failureAt > m.successAt))
    .map(([integration, m]) => ({ integration, error: m.error ?? 'failed' }));
}

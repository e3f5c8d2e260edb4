import type { FastifyBaseLogger } from 'fastify';
import type { EmailDelivery } from '../modules/email/delivery';
import { startPeriodic } from './periodic';

/**
 * `email: deliver` (docs/email.md): every `intervalMs` this instance delivers the due messages of the
 * outbox. Safe on many instances: each claims its rows with `for update skip locked` and a lease.
 */
export function startEmailDelivery(
  delivery: EmailDelivery,
  log: FastifyBaseLogger,
  { intervalMs, firstRunMs = 2_000 }: { intervalMs: number; firstRunMs?: number },
): () => void {
  if (intervalMs <= 0) return () => {};
  return startPeriodic(
    'email: deliver',
    log,
    async () => {
      const run = await delivery.deliverDue();
      if (run.sent + run.failed + run.retrying > 0) log.info({ run }, 'email: delivered the outbox');
    },
    { intervalMs, firstRunMs },
  );
}

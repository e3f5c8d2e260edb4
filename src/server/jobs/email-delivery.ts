import type { FastifyBaseLogger } from 'fastify';
import type { EmailDelivery } from '../modules/email';

/**
 * `email: deliver` (docs/email.md; jobs/registry.ts): each run delivers the due messages of the outbox.
 * Safe on many instances: each claims its rows with `for update skip locked` and a lease.
 */
export function emailDeliveryRun(delivery: EmailDelivery, log: FastifyBaseLogger) {
  return async () => {
    const run = await delivery.deliverDue();
    if (run.sent + run.failed + run.retrying > 0) log.info({ run }, 'email: delivered the outbox');
  };
}

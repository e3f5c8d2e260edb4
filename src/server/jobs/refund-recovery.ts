import type { FastifyBaseLogger } from 'fastify';
import { recoverPendingRefunds, type StaffPaymentDeps } from '../modules/billing';

/**
 * Finishes refunds left pending (held against their payment, the provider's answer never recorded):
 * a process that stopped between the provider call and the record, or a provider that could not be
 * reached. Each is sent again with its own idempotency key, so the provider refunds once; several
 * instances may run this at once (the record step locks the refund and skips a settled one).
 * `refunds: recovery` in jobs/registry.ts.
 */
export function refundRecoveryRun(deps: StaffPaymentDeps, log: FastifyBaseLogger) {
  return async () => {
    const run = await recoverPendingRefunds(deps);
    if (run.settled + run.stillPending > 0) log.info({ run }, 'refunds: recovered pending refunds');
  };
}

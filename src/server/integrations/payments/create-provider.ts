import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { recordingStatus } from './status';

/**
 * Stripe when its keys are configured, the offline sandbox otherwise (docs/payments.md); either way each
 * call's outcome is recorded for System Health (`status.ts`).
 */
export async function createPaymentProvider(config: Config, db: Db, clock: Clock): Promise<PaymentProvider> {
  if (config.stripe) {
    // The Stripe SDK loads only when Stripe is configured.
    const { StripePaymentProvider } = await import('./stripe');
    return recordingStatus(new StripePaymentProvider(config.stripe));
  }
  return recordingStatus(new SandboxPaymentProvider(db, clock));
}

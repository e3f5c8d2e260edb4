import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';

/** Stripe when its keys are configured, the offline sandbox otherwise (DECISIONS.md). */
export async function createPaymentProvider(config: Config, db: Db, clock: Clock): Promise<PaymentProvider> {
  if (config.stripe) {
    // The Stripe SDK loads only when Stripe is configured.
    const { StripePaymentProvider } = await import('./stripe');
    return new StripePaymentProvider(config.stripe);
  }
  return new SandboxPaymentProvider(db, clock);
}

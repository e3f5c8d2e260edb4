import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './provider';
import { SandboxPaymentProvider } from './sandbox';
import { StripePaymentProvider } from './stripe';

/** Stripe when its keys are configured, the offline sandbox otherwise (DECISIONS.md). */
export function createPaymentProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  if (config.stripe) return new StripePaymentProvider(config.stripe);
  return new SandboxPaymentProvider(db, clock);
}

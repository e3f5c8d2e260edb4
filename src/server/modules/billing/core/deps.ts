import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { PaymentProvider } from '../../../integrations/payments/provider';
import type { Mailer } from '../../email-events';

export type BillingDeps = {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  appName: string;
  /** The outbox writer: receipts and failed payments are queued with the payment's transaction. */
  mail: Mailer;
};

import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { customerContext, type RequestContext } from '../../../http/request-context';
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

/** A customer's request that reaches the card processor: the request context and the provider. */
export type BillingContext = RequestContext & { provider: PaymentProvider; mail: Mailer };

export const billingContext = (request: FastifyRequest, billing: BillingDeps): BillingContext => ({
  ...customerContext(request, billing),
  provider: billing.provider,
  mail: billing.mail,
});

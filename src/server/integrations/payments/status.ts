import { recordIntegrationFailure, recordIntegrationSuccess } from '../../modules/system-health';
import { PaymentProviderError, type PaymentProvider } from './provider';

/** The provider's own failures (it could not be reached, refused our keys, broke or throttled us). */
const OUTAGES = new Set(['api_connection_error', 'authentication_error', 'api_error', 'rate_limit']);

const CALLS = [
  'createCustomer',
  'attachPaymentMethod',
  'detachPaymentMethod',
  'verifyPaymentMethod',
  'charge',
  'refund',
  'createIntent',
  'retrieveIntent',
  'reopenIntent',
] as const satisfies readonly (keyof PaymentProvider)[];

/**
 * The payments adapter with each call's outcome told to System Health (`integration_status`, written
 * at the next report, never in the call's path). A call the provider answered is a success, a declined
 * card or an unknown card included; a failure is the provider itself failing (unreachable, our keys
 * refused, its error, its rate limit) or anything that is not a provider answer.
 */
export function recordingStatus<P extends PaymentProvider>(provider: P): P {
  for (const name of CALLS) {
    const call = provider[name] as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(provider, name, {
      configurable: true,
      writable: true,
      value: async (...args: unknown[]) => {
        try {
          const result = await call.apply(provider, args);
          recordIntegrationSuccess('payments');
          return result;
        } catch (error) {
          if (error instanceof PaymentProviderError && !OUTAGES.has(error.code)) {
            recordIntegrationSuccess('payments');
          } else {
            recordIntegrationFailure(
              'payments',
              error instanceof PaymentProviderError
                ? `${name}: ${error.message}`
                : `${name}: unexpected error`,
            );
          }
          throw error;
        }
      },
    });
  }
  return provider;
}

import type { Services } from '../../../services';

/**
 * What billing's rules and its jobs take: the parts of the one services object they use, and the
 * product's name for invoices and receipts. `services.billing` is built from the same parts.
 */
export type BillingDeps = Pick<Services, 'db' | 'provider' | 'clock' | 'mail'> & { appName: string };

/** Business constants (docs/product-rules.md). */
export const TRIAL_DAYS = 14;
export const DEFAULT_PLAN_ID = 'professional';
export const POPULAR_PLAN_ID = 'professional';
export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const UNAUTHENTICATED_REDIRECT_DELAY_MS = 500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 10 * 60_000;
export const THEME_STORAGE_KEY = 'fleet-theme';
export const CUSTOMER_TOKEN_STORAGE_KEY = 'customerToken';
export const CUSTOMER_RECORD_STORAGE_KEY = 'customerData';
export const CUSTOMER_EMAIL_STORAGE_KEY = 'userEmail';

/** Customer statuses (docs/staff-customers.md) and subscription states (trial, then paid periods). */
export const CUSTOMER_STATUSES = ['pending', 'active', 'suspended', 'cancelled'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

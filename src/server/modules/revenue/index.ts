// The revenue module's public face: what other modules may use (docs/architecture.md).
export { GROWTH_PERIOD, KEEP_MS, mrrGrowthRate, mrrWindow, totals } from './analytics';
export { readSubscriptionsNow } from './ledger';

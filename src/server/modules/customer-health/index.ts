// The customer-health module's public face: what other modules may use (docs/architecture.md).
export { refreshAccountsHealth, refreshDeferredHealth, refreshHealth, refreshStaleHealth } from './refresh';

// The customer-health module's public face: what other modules may use (docs/architecture.md).
export { refreshDeferredHealth, refreshHealth, refreshStaleHealth } from './refresh';

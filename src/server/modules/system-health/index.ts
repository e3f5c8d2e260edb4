// The system-health module's public face: what other modules may use (docs/architecture.md).
export { raiseAlert } from './alerts';
export {
  flushIntegrationStatus,
  recordIntegrationFailure,
  recordIntegrationSuccess,
} from './integration-status';
export { registerSystemHealth, type SystemHealthMonitor } from './monitor';

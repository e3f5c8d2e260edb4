// The plans module's public face: what other modules may use (docs/architecture.md).
export { findActivePlan } from './service';

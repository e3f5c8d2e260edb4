// The notifications module's public face: what other modules may use (docs/architecture.md).
export { recordActivity } from './service';
export { notifyStaff } from './service';

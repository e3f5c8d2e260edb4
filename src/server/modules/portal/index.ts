// The portal module's public face: what other modules may use (docs/architecture.md).
export { validateFleetToken } from './account';

// The auth module's public face: what other modules may use (docs/architecture.md).
export { toStaffUser } from './service';
export { toCustomerIdentity } from './service';

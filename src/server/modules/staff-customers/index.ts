// The staff-customers module's public face: what other modules may use (docs/architecture.md).
export { createCustomerAccount } from './new-account';

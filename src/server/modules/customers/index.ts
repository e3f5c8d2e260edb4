// The customers module's public face: what other modules may use (docs/architecture.md).
export { detachCards, PAYMENT_IN_PROGRESS, removeCustomerAccount } from './account-removal';
export { emailSignsIn } from './login-emails';

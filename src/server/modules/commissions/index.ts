// The commissions module's public face: what other modules may use (docs/architecture.md).
export { adjustCommissionForRefund, earnCommission } from './earn';

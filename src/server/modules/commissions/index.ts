// The commissions module's public face: what other modules may use (docs/architecture.md).
export { commissionRoutes } from './routes';

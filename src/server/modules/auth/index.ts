// The auth module's public face: what other modules may use (docs/architecture.md).
export { authRoutes } from './routes';
export { toStaffUser } from './service';

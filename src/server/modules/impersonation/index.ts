// The impersonation module's public face: what other modules may use (docs/architecture.md).
export { impersonationRoutes } from './routes';

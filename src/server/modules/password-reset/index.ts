// The password-reset module's public face: what other modules may use (docs/architecture.md).
export { passwordResetRoutes } from './routes';

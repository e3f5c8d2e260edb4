// The staff-profile module's public face: what other modules may use (docs/architecture.md).
export { staffProfileRoutes } from './routes';

// The health module's public face: what other modules may use (docs/architecture.md).
export { healthRoutes } from './routes';

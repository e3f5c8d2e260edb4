// The support module's public face: what other modules may use (docs/architecture.md).
export { supportRoutes } from './routes';

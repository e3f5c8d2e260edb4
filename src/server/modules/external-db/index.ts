// The external-db module's public face: what other modules may use (docs/architecture.md).
export { externalDbRoutes } from './routes';

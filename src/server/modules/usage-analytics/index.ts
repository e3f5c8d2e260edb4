// The usage-analytics module's public face: what other modules may use (docs/architecture.md).
export { usageAnalyticsRoutes } from './routes';

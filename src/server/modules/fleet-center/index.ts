// The fleet-center module's public face: what other modules may use (docs/architecture.md).
export { fleetCenterRoutes } from './routes';

// The fleet module's public face: what other modules may use (docs/architecture.md).
export { overdueSql } from './maintenance';
export { changeSummary } from './overview';
export { EMAIL_TAKEN } from './team';
export { countedVehicle, isCountedVehicleStatus, usersOf } from './usage';
export { fleetUsage, fleetUsageColumns, usageExceeds, usageOf } from './usage';

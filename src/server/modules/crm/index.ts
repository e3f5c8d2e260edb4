// The crm module's public face: what other modules may use (docs/architecture.md).
export { runAutoSyncIfDue } from './auto-sync';
export { crmConfigOf } from './config';
export { crmSyncStateOf, readCrmSyncState } from './credentials';
export { crmDepsOf } from './deps';
export { type CrmDeps } from './sync';

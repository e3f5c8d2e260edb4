// The audit module's public face: what other modules may use (docs/architecture.md).
export { sealAll } from './chain';
export { enforceAuditRetention } from './retention';
export { registerSecurityEventAudit } from './security-events';
export {
  actorOf,
  type AuditActor,
  type AuditEntry,
  type AuditOptions,
  customerActor,
  recordAudit,
  recordAudits,
} from './service';

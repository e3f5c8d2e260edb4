// The email module's public face: what other modules may use (docs/architecture.md).
export { type AutomationDeps, automationProgress, runEmailAutomation } from './automation';
export { createEmailDelivery, type EmailDelivery } from './delivery';
export { createEmailQueue, type EmailQueue } from './outbox';
export { lastDeliveryOf, sendingNow, skippedEmail } from './send-now';

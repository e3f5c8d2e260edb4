// The payments module's public face: what other modules may use (docs/architecture.md).
export { PAYMENT_RECEIVED } from './routes';
export { stripeWebhookRoutes } from './stripe-webhook';

import type { customers, paymentMethods, plans, subscriptions } from '../../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

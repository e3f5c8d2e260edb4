ALTER TABLE "customers" DROP COLUMN "subscription_status";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "trial_ends_at";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "current_period_end";
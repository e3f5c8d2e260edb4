ALTER TABLE "customers" DROP COLUMN "temporary_password_enc";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "read_at";
-- Issue 15: background jobs with progress (CRM bulk/auto sync, external database imports) and CRM integration records.
CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"result" jsonb,
	"error" text,
	"started_by_staff_id" uuid,
	"instance_id" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"crm_type" text NOT NULL,
	"crm_id" text,
	"sync_status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"synced_hash" text,
	"last_sync_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_started_by_staff_id_staff_users_id_fk" FOREIGN KEY ("started_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "background_jobs_running_key" ON "background_jobs" USING btree ("kind") WHERE "background_jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "background_jobs_kind_idx" ON "background_jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_integrations_entity_key" ON "crm_integrations" USING btree ("entity_type","entity_id","crm_type");--> statement-breakpoint
CREATE INDEX "crm_integrations_status_idx" ON "crm_integrations" USING btree ("crm_type","sync_status");
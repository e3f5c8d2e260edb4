-- Issue 13: the audit chain (category, chain_seq, hash on audit_logs; audit_chain's one row), and what System
-- Health reads: server instances, request metrics per minute, job runs, integration status, alerts.
CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"head_seq" bigint DEFAULT 0 NOT NULL,
	"head_hash" text DEFAULT '' NOT NULL,
	"floor_seq" bigint DEFAULT 0 NOT NULL,
	"floor_hash" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_status" (
	"integration" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"instance_id" text NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"duration_ms" integer,
	"outcome" text NOT NULL,
	"error" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_runs_job_instance_id_pk" PRIMARY KEY("job","instance_id")
);
--> statement-breakpoint
CREATE TABLE "request_metrics" (
	"instance_id" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"route_group" text NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"latency_buckets" jsonb NOT NULL,
	CONSTRAINT "request_metrics_instance_id_minute_route_group_pk" PRIMARY KEY("instance_id","minute","route_group")
);
--> statement-breakpoint
CREATE TABLE "server_instances" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vitals" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"condition_key" text NOT NULL,
	"message" text NOT NULL,
	"instance_id" text,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_staff_id" uuid
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "category" text DEFAULT 'update' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "system_alerts" ADD CONSTRAINT "system_alerts_resolved_by_staff_id_staff_users_id_fk" FOREIGN KEY ("resolved_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_metrics_minute_idx" ON "request_metrics" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "server_instances_seen_idx" ON "server_instances" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "system_alerts_open_key" ON "system_alerts" USING btree ("condition_key") WHERE "system_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "system_alerts_raised_idx" ON "system_alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_chain_seq_key" ON "audit_logs" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_logs_unsealed_idx" ON "audit_logs" USING btree ("id") WHERE "audit_logs"."chain_seq" is null;--> statement-breakpoint
CREATE INDEX "audit_logs_category_idx" ON "audit_logs" USING btree ("category","created_at");--> statement-breakpoint
INSERT INTO "audit_chain" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The action categories (docs/audit-logs.md) for the rows already written (src/shared/audit-categories.ts spells the same map).
UPDATE "audit_logs" SET "category" = CASE
  WHEN "action" IN ('login', 'admin_login', 'impersonation_start', 'impersonation_use') THEN 'login'
  WHEN "action" IN ('logout', 'session_end') THEN 'logout'
  WHEN "action" IN ('create', 'customer_registered', 'duplicate') THEN 'create'
  WHEN "action" = 'delete' THEN 'delete'
  WHEN "action" = 'export' THEN 'export'
  WHEN "action" IN ('view', 'access_denied') THEN 'view'
  ELSE 'update' END;

-- Issue 13, Audit Logs: indexes for the list's filters, search and sorts at a million rows (docs/audit-logs.md
-- "Paging"): actor email by prefix, resource and category with time, resource id, action, failed rows.
CREATE INDEX IF NOT EXISTS "audit_logs_actor_email_idx" ON "audit_logs" USING btree ("actor_email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_resource_created_idx" ON "audit_logs" USING btree ("resource_type","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_category_resource_idx" ON "audit_logs" USING btree ("category","resource_type","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_resource_id_idx" ON "audit_logs" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_action_idx" ON "audit_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_failed_idx" ON "audit_logs" USING btree ("created_at") WHERE "audit_logs"."success" = false;
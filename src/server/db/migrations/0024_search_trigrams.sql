-- Trigram indexes for the staff searches' `like '%term%'` (docs/architecture.md "Search"). pg_trgm is a
-- trusted contrib extension: PostgreSQL ships it (the contrib package), PGlite loads it at open (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_to_email_search_idx" ON "email_outbox" USING gin (lower("to_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "email_outbox_subject_search_idx" ON "email_outbox" USING gin (lower("subject") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_tickets_search_idx" ON "support_tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_tickets_visitor_search_idx" ON "support_tickets" USING gin (lower(coalesce("visitor_name", '') || ' ' || coalesce("visitor_email", '')) gin_trgm_ops);--> statement-breakpoint
-- Statistics for the new index expressions (lower(subject), the visitor's name and email): without them
-- the planner takes any search to match few rows and reads every match of a broad one before sorting.
-- The embedded database has no autovacuum to gather them later.
ANALYZE "customers", "email_outbox", "support_tickets";

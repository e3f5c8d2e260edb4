-- The outbox search at a million messages (issue 27, docs/email.md "Searching the outbox"). A search for a
-- broad term walks the outbox newest first until a page of matches is found; lower() of the address and the
-- subject on every message walked was most of its time. The lowercased text is now stored (a generated
-- column, which rewrites the table: about a minute at 1,000,000 messages on the embedded database) and is
-- part of the newest-first index, so the walk tests it in the index entry and reads only the messages it
-- shows. One trigram index on it replaces the two on the lowercased columns. The old indexes go first, so
-- the rewrite does not rebuild them.
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_to_email_search_idx";--> statement-breakpoint
DROP INDEX "email_outbox_subject_search_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "search_text" text GENERATED ALWAYS AS (left(lower(to_email || ' ' || subject), 500)) STORED;--> statement-breakpoint
CREATE INDEX "email_outbox_created_search_idx" ON "email_outbox" USING btree ("created_at","id","search_text");--> statement-breakpoint
CREATE INDEX "email_outbox_search_idx" ON "email_outbox" USING gin ("search_text" gin_trgm_ops);
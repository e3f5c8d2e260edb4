CREATE INDEX "subscriptions_past_due_idx" ON "subscriptions" USING btree ("updated_at" DESC NULLS FIRST,"customer_id") WHERE "subscriptions"."status" = 'past_due';--> statement-breakpoint
-- Write counts (db/table-writes.ts): every statement that writes one of these tables, directly, from
-- another table's trigger or through a cascade, takes the next value of the table's own sequence. A
-- sequence is not transactional, so counting takes no row lock and writers never wait on each other;
-- a figure kept with the counts of the tables it reads stands until one of them moves. The triggers
-- fire always, even with session_replication_role = replica (the bench seeds, logical replication).
CREATE FUNCTION count_table_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]::regclass);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE SEQUENCE "subscriptions_writes";--> statement-breakpoint
CREATE TRIGGER "subscriptions_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('subscriptions_writes');--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ALWAYS TRIGGER "subscriptions_writes";--> statement-breakpoint
CREATE SEQUENCE "plans_writes";--> statement-breakpoint
CREATE TRIGGER "plans_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "plans"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('plans_writes');--> statement-breakpoint
ALTER TABLE "plans" ENABLE ALWAYS TRIGGER "plans_writes";--> statement-breakpoint
CREATE SEQUENCE "mrr_events_writes";--> statement-breakpoint
CREATE TRIGGER "mrr_events_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mrr_events"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('mrr_events_writes');--> statement-breakpoint
ALTER TABLE "mrr_events" ENABLE ALWAYS TRIGGER "mrr_events_writes";--> statement-breakpoint
CREATE SEQUENCE "payment_day_totals_writes";--> statement-breakpoint
CREATE TRIGGER "payment_day_totals_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_day_totals"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('payment_day_totals_writes');--> statement-breakpoint
ALTER TABLE "payment_day_totals" ENABLE ALWAYS TRIGGER "payment_day_totals_writes";--> statement-breakpoint
CREATE SEQUENCE "refunds_writes";--> statement-breakpoint
CREATE TRIGGER "refunds_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('refunds_writes');--> statement-breakpoint
ALTER TABLE "refunds" ENABLE ALWAYS TRIGGER "refunds_writes";--> statement-breakpoint
CREATE SEQUENCE "customers_writes";--> statement-breakpoint
CREATE TRIGGER "customers_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('customers_writes');--> statement-breakpoint
ALTER TABLE "customers" ENABLE ALWAYS TRIGGER "customers_writes";--> statement-breakpoint
CREATE SEQUENCE "crm_integrations_writes";--> statement-breakpoint
CREATE TRIGGER "crm_integrations_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "crm_integrations"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('crm_integrations_writes');--> statement-breakpoint
ALTER TABLE "crm_integrations" ENABLE ALWAYS TRIGGER "crm_integrations_writes";

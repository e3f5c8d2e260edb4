CREATE TABLE "mrr_cohort_months" (
	"cohort" date NOT NULL,
	"month" date NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"starting_cents" bigint DEFAULT 0 NOT NULL,
	"delta_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "mrr_cohort_months_cohort_month_pk" PRIMARY KEY("cohort","month")
);
--> statement-breakpoint
-- Revenue analytics' cohorts kept per cohort and month (issue 27; docs/revenue.md "Cohorts at size").
-- The analytics read a year of the ledger joined to each customer's `new` event: 0.3-0.4 s of the
-- embedded database at 100,000 accounts, on the daily snapshot and on the first read after any change
-- of MRR, and every other request waited behind it. The ledger is append-only, so each event adds
-- itself here once, in its own transaction.
--
-- An event's cohort: the UTC month of its customer's first `new` event (a customer's first event is
-- always `new`; the subscriptions trigger calls every later start a reactivation). Null when the
-- customer has none, and such an event is left out, as the analytics' join left it out.
CREATE FUNCTION mrr_cohort_of(customer uuid) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT date_trunc('month', n.occurred_at AT TIME ZONE 'UTC')::date FROM mrr_events n
   WHERE n.customer_id = customer AND n.kind = 'new' ORDER BY n.occurred_at LIMIT 1
$$;--> statement-breakpoint
-- One event is one row (the subscriptions trigger writes them one at a time), so a row trigger.
CREATE FUNCTION mrr_cohort_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_cohort date := mrr_cohort_of(NEW.customer_id);
  starts boolean := NEW.kind = 'new';
BEGIN
  IF event_cohort IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "mrr_cohort_months" AS t ("cohort", "month", "customers", "starting_cents", "delta_cents")
  VALUES (event_cohort, date_trunc('month', NEW.occurred_at AT TIME ZONE 'UTC')::date,
          CASE WHEN starts THEN 1 ELSE 0 END, CASE WHEN starts THEN NEW.to_cents ELSE 0 END, NEW.delta_cents)
  ON CONFLICT ("cohort", "month") DO UPDATE
    SET "customers" = t."customers" + excluded."customers",
        "starting_cents" = t."starting_cents" + excluded."starting_cents",
        "delta_cents" = t."delta_cents" + excluded."delta_cents";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER mrr_cohort_counted AFTER INSERT ON "mrr_events"
  FOR EACH ROW EXECUTE FUNCTION mrr_cohort_counted();--> statement-breakpoint
-- The ledger is history: a change or removal of an event would falsify every figure after it (and the
-- kept cohorts), so the database refuses them. Nothing in the product updates or deletes an event.
CREATE FUNCTION mrr_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'mrr_events is append-only: an MRR event cannot be changed or removed';
END $$;--> statement-breakpoint
CREATE TRIGGER mrr_events_append_only BEFORE UPDATE OR DELETE ON "mrr_events"
  FOR EACH ROW EXECUTE FUNCTION mrr_events_append_only();--> statement-breakpoint
CREATE TRIGGER mrr_events_append_only_truncate BEFORE TRUNCATE ON "mrr_events"
  FOR EACH STATEMENT EXECUTE FUNCTION mrr_events_append_only();--> statement-breakpoint
-- The cohorts worked out again from every event: the backfill below, and a bulk load that ran with
-- triggers off. SHARE mode holds off writers until the caller's transaction ends.
CREATE FUNCTION mrr_cohort_months_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "mrr_events" IN SHARE MODE;
  DELETE FROM "mrr_cohort_months";
  INSERT INTO "mrr_cohort_months" ("cohort", "month", "customers", "starting_cents", "delta_cents")
  SELECT f.cohort, date_trunc('month', e.occurred_at AT TIME ZONE 'UTC')::date,
         count(*) FILTER (WHERE e.kind = 'new'), coalesce(sum(e.to_cents) FILTER (WHERE e.kind = 'new'), 0),
         sum(e.delta_cents)
    FROM "mrr_events" e
    JOIN (SELECT DISTINCT ON (customer_id) customer_id,
                 date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date AS cohort
            FROM "mrr_events" WHERE kind = 'new' ORDER BY customer_id, occurred_at) f
      ON f.customer_id = e.customer_id
   GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT mrr_cohort_months_recompute();--> statement-breakpoint
-- Revenue analytics is kept until a table it reads is written (db/table-writes.ts, migration 0029): the
-- kept cohorts are one of those tables now.
CREATE SEQUENCE "mrr_cohort_months_writes";--> statement-breakpoint
CREATE TRIGGER "mrr_cohort_months_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mrr_cohort_months"
  FOR EACH STATEMENT EXECUTE FUNCTION count_table_write('mrr_cohort_months_writes');--> statement-breakpoint
ALTER TABLE "mrr_cohort_months" ENABLE ALWAYS TRIGGER "mrr_cohort_months_writes";--> statement-breakpoint
ANALYZE "mrr_cohort_months";

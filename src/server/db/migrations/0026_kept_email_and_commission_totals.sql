-- Email and commission totals kept by triggers (issue 27; docs/email.md "Analytics at size",
-- docs/commissions.md "Totals at size"): the email analytics, the templates' counts and the commission
-- history's totals read a few thousand rows instead of every message or commission.
CREATE TABLE "email_day_totals" (
	"day" date NOT NULL,
	"template_id" text NOT NULL,
	"status" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_day_totals_day_template_id_status_pk" PRIMARY KEY("day","template_id","status")
);
--> statement-breakpoint
CREATE TABLE "sales_commission_totals" (
	"sales_user_id" uuid,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"paid_month" date,
	"commissions" integer DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_commission_totals_key" UNIQUE NULLS NOT DISTINCT("sales_user_id","month","status","paid_month")
);
--> statement-breakpoint
CREATE INDEX "email_outbox_template_sent_idx" ON "email_outbox" USING btree ("template_id","sent_at") WHERE "email_outbox"."sent_at" is not null;--> statement-breakpoint
-- An insert is one row in the product, and often none: a duplicate skipped by "on conflict do nothing"
-- (the email automation job retries up to 2,500 already-queued reminders a minute). A row trigger runs
-- only for a row written; a statement trigger would run for every no-op too (measured in a loop of 20,000
-- no-op inserts: +0.1 ms each on PGlite, +0.04 ms on PostgreSQL; a row trigger adds nothing).
CREATE FUNCTION email_outbox_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "email_day_totals" AS t ("day", "template_id", "status", "messages")
  VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."template_id", NEW."status", 1)
  ON CONFLICT ("day", "template_id", "status") DO UPDATE SET "messages" = t."messages" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER email_outbox_counted AFTER INSERT ON "email_outbox"
  FOR EACH ROW EXECUTE FUNCTION email_outbox_counted();--> statement-breakpoint
-- Updates and deletes touch many rows at once (the delivery job's claim of a batch, mark-paid of a page, a
-- deleted user's cascade): a statement trigger sums the statement's rows per group and writes each group
-- once, in key order, so two such statements take the totals' row locks in one order (row triggers take
-- them in row order, and two claims could deadlock), one write per group instead of two per row.
-- Transition tables allow no column list, so every UPDATE runs the trigger; groups whose figures do not
-- change (a lease renewed, a body erased) are left out by the HAVING.
CREATE FUNCTION email_outbox_recounted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "email_day_totals" AS t ("day", "template_id", "status", "messages")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date, "template_id", "status", -count(*)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "template_id", "status") DO UPDATE SET "messages" = t."messages" + excluded."messages";
  ELSE
    INSERT INTO "email_day_totals" AS t ("day", "template_id", "status", "messages")
    SELECT ("created_at" AT TIME ZONE 'UTC')::date, "template_id", "status", sum(n)
      FROM (SELECT "created_at", "template_id", "status", 1 AS n FROM new_rows
            UNION ALL SELECT "created_at", "template_id", "status", -1 FROM old_rows) d
     GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("day", "template_id", "status") DO UPDATE SET "messages" = t."messages" + excluded."messages";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER email_outbox_recounted_update AFTER UPDATE ON "email_outbox"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION email_outbox_recounted();--> statement-breakpoint
CREATE TRIGGER email_outbox_recounted_delete AFTER DELETE ON "email_outbox"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION email_outbox_recounted();--> statement-breakpoint
-- The same for commissions: a row trigger for an insert (earned on a payment or a refund: one row, or
-- none when replayed), statement triggers for updates and deletes.
CREATE FUNCTION sales_commissions_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "sales_commission_totals" AS t
    ("sales_user_id", "month", "status", "paid_month", "commissions", "commission_cents")
  VALUES (NEW."sales_user_id", date_trunc('month', NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status",
          date_trunc('month', NEW."paid_at" AT TIME ZONE 'UTC')::date, 1, NEW."commission_cents")
  ON CONFLICT ("sales_user_id", "month", "status", "paid_month") DO UPDATE
    SET "commissions" = t."commissions" + 1, "commission_cents" = t."commission_cents" + excluded."commission_cents";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sales_commissions_counted AFTER INSERT ON "sales_commissions"
  FOR EACH ROW EXECUTE FUNCTION sales_commissions_counted();--> statement-breakpoint
CREATE FUNCTION sales_commissions_recounted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "sales_commission_totals" AS t
      ("sales_user_id", "month", "status", "paid_month", "commissions", "commission_cents")
    SELECT "sales_user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "status",
           date_trunc('month', "paid_at" AT TIME ZONE 'UTC')::date, -count(*), -sum("commission_cents")
      FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("sales_user_id", "month", "status", "paid_month") DO UPDATE
      SET "commissions" = t."commissions" + excluded."commissions",
          "commission_cents" = t."commission_cents" + excluded."commission_cents";
  ELSE
    INSERT INTO "sales_commission_totals" AS t
      ("sales_user_id", "month", "status", "paid_month", "commissions", "commission_cents")
    SELECT "sales_user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "status",
           date_trunc('month', "paid_at" AT TIME ZONE 'UTC')::date, sum(n), sum(n * "commission_cents")
      FROM (SELECT "sales_user_id", "created_at", "status", "paid_at", "commission_cents", 1 AS n FROM new_rows
            UNION ALL
            SELECT "sales_user_id", "created_at", "status", "paid_at", "commission_cents", -1 FROM old_rows) d
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(n * "commission_cents") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("sales_user_id", "month", "status", "paid_month") DO UPDATE
      SET "commissions" = t."commissions" + excluded."commissions",
          "commission_cents" = t."commission_cents" + excluded."commission_cents";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sales_commissions_recounted_update AFTER UPDATE ON "sales_commissions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_commissions_recounted();--> statement-breakpoint
CREATE TRIGGER sales_commissions_recounted_delete AFTER DELETE ON "sales_commissions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_commissions_recounted();--> statement-breakpoint
-- The totals worked out again from every row: the backfill below, and a bulk load that ran with triggers
-- off (bench/seed-lists.ts). SHARE mode holds off writers until the caller's transaction ends, so none
-- is counted twice or missed.
CREATE FUNCTION email_day_totals_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "email_outbox" IN SHARE MODE;
  DELETE FROM "email_day_totals";
  INSERT INTO "email_day_totals" ("day", "template_id", "status", "messages")
  SELECT ("created_at" AT TIME ZONE 'UTC')::date, "template_id", "status", count(*)
    FROM "email_outbox" GROUP BY 1, 2, 3;
END $$;--> statement-breakpoint
CREATE FUNCTION sales_commission_totals_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "sales_commissions" IN SHARE MODE;
  DELETE FROM "sales_commission_totals";
  INSERT INTO "sales_commission_totals"
    ("sales_user_id", "month", "status", "paid_month", "commissions", "commission_cents")
  SELECT "sales_user_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "status",
         date_trunc('month', "paid_at" AT TIME ZONE 'UTC')::date, count(*), sum("commission_cents")
    FROM "sales_commissions" GROUP BY 1, 2, 3, 4;
END $$;--> statement-breakpoint
SELECT email_day_totals_recompute();--> statement-breakpoint
SELECT sales_commission_totals_recompute();--> statement-breakpoint
-- The embedded database runs no autovacuum: the planner learns the new tables' sizes here.
ANALYZE "email_day_totals", "sales_commission_totals";

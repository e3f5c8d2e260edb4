CREATE TABLE "invoice_status_totals" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"invoices" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_status_totals_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
-- The invoices per status, kept (issue 27; docs/billing-admin.md "Counts at size"). The staff list's
-- total for a status counted every invoice of it: 10 ms a request at 1,000,000 invoices, more than the
-- page itself. A row is one status in one of 16 shards of the invoice id: a renewal's invoice adds to a
-- shard's row, so renewals running on several instances rarely wait for each other's row lock.
CREATE FUNCTION invoice_shard(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (hashtext(id::text) & 15)::smallint $$;--> statement-breakpoint
-- An insert is one invoice (a renewal, a checkout, a payment request): a row trigger.
CREATE FUNCTION invoices_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_status_totals" AS t ("status", "shard", "invoices")
  VALUES (NEW."status", invoice_shard(NEW."id"), 1)
  ON CONFLICT ("status", "shard") DO UPDATE SET "invoices" = t."invoices" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_counted AFTER INSERT ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_counted();--> statement-breakpoint
-- Updates and deletes can touch many invoices at once (the monthly run, an account's removal): the
-- statement's rows summed per status and shard, written once each in key order, so two such statements
-- take the rows in one order. Groups whose count does not move (an update that keeps the status) are
-- left out.
CREATE FUNCTION invoices_recounted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "invoice_status_totals" AS t ("status", "shard", "invoices")
    SELECT "status", invoice_shard("id"), -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("status", "shard") DO UPDATE SET "invoices" = t."invoices" + excluded."invoices";
  ELSE
    INSERT INTO "invoice_status_totals" AS t ("status", "shard", "invoices")
    SELECT "status", invoice_shard("id"), sum(n)
      FROM (SELECT "id", "status", 1 AS n FROM new_rows UNION ALL SELECT "id", "status", -1 FROM old_rows) d
     GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT ("status", "shard") DO UPDATE SET "invoices" = t."invoices" + excluded."invoices";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_recounted_update AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_recounted();--> statement-breakpoint
CREATE TRIGGER invoices_recounted_delete AFTER DELETE ON "invoices"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoices_recounted();--> statement-breakpoint
-- The counts worked out again from every invoice: the backfill below, and a bulk load that ran with
-- triggers off (bench/seed-lists.ts). SHARE mode holds off writers until the caller's transaction ends.
CREATE FUNCTION invoice_status_totals_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "invoices" IN SHARE MODE;
  DELETE FROM "invoice_status_totals";
  INSERT INTO "invoice_status_totals" ("status", "shard", "invoices")
  SELECT "status", invoice_shard("id"), count(*) FROM "invoices" GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT invoice_status_totals_recompute();--> statement-breakpoint
ANALYZE "invoice_status_totals";

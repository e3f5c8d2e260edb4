-- Payment totals kept by triggers (issue 12, docs/staff-payments.md "Scale"): per day and status, and each
-- invoice's collected amount, so the payments overview, rates by month and the reconciliation read a few
-- hundred rows instead of every payment; indexes for sorting by amount and finding a provider reference.
CREATE TABLE "payment_day_totals" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_day_totals_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "collected_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_reconcile_idx" ON "invoices" USING btree ("issued_at","status","total_cents","collected_cents") WHERE "invoices"."status" in ('paid', 'open');--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "payments_status_amount_idx" ON "payments" USING btree ("status","amount_cents","id");--> statement-breakpoint
CREATE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider_ref") WHERE "payments"."provider_ref" is not null;--> statement-breakpoint
INSERT INTO "payment_day_totals" ("day", "status", "payments", "amount_cents", "refunded_cents")
SELECT ("created_at" AT TIME ZONE 'UTC')::date, "status", count(*), sum("amount_cents"), sum("refunded_cents")
FROM "payments" GROUP BY 1, 2;--> statement-breakpoint
UPDATE "invoices" i SET "collected_cents" = c.cents
FROM (SELECT "invoice_id", sum("amount_cents" - "refunded_cents") AS cents FROM "payments"
      WHERE "invoice_id" IS NOT NULL AND "status" IN ('succeeded', 'refunded') GROUP BY 1) c
WHERE c."invoice_id" = i."id";--> statement-breakpoint
-- Takes a payment out of the totals (old row) and puts it in (new row); an update does both.
CREATE FUNCTION payments_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "payment_day_totals"
       SET "payments" = "payments" - 1, "amount_cents" = "amount_cents" - OLD."amount_cents",
           "refunded_cents" = "refunded_cents" - OLD."refunded_cents"
     WHERE "day" = (OLD."created_at" AT TIME ZONE 'UTC')::date AND "status" = OLD."status";
    IF OLD."invoice_id" IS NOT NULL AND OLD."status" IN ('succeeded', 'refunded') THEN
      UPDATE "invoices" SET "collected_cents" = "collected_cents" - (OLD."amount_cents" - OLD."refunded_cents")
       WHERE "id" = OLD."invoice_id";
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "payment_day_totals" AS t ("day", "status", "payments", "amount_cents", "refunded_cents")
    VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status", 1, NEW."amount_cents", NEW."refunded_cents")
    ON CONFLICT ("day", "status") DO UPDATE
      SET "payments" = t."payments" + 1, "amount_cents" = t."amount_cents" + excluded."amount_cents",
          "refunded_cents" = t."refunded_cents" + excluded."refunded_cents";
    IF NEW."invoice_id" IS NOT NULL AND NEW."status" IN ('succeeded', 'refunded') THEN
      UPDATE "invoices" SET "collected_cents" = "collected_cents" + (NEW."amount_cents" - NEW."refunded_cents")
       WHERE "id" = NEW."invoice_id";
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payments_totals AFTER INSERT OR DELETE OR UPDATE OF "status", "amount_cents", "refunded_cents", "invoice_id", "created_at"
  ON "payments" FOR EACH ROW EXECUTE FUNCTION payments_totals();

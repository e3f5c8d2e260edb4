-- Payments and revenue (issue 12, docs/revenue.md, docs/staff-payments.md): the MRR ledger kept by a trigger
-- on subscriptions, staff refunds held against their payment before the provider is called, payment
-- requests, the expenses ledger, measured hosting usage, provider disputes, product settings, invoice due
-- dates, and the indexes the payments screens page by.
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_ref" text NOT NULL,
	"payment_id" uuid,
	"customer_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incurred_on" date NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosting_usage" (
	"day" date NOT NULL,
	"instance_id" text NOT NULL,
	"cpu_micros" bigint DEFAULT 0 NOT NULL,
	"bytes_served" bigint DEFAULT 0 NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosting_usage_day_instance_id_pk" PRIMARY KEY("day","instance_id")
);
--> statement-breakpoint
CREATE TABLE "mrr_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_cents" integer NOT NULL,
	"to_cents" integer NOT NULL,
	"delta_cents" integer NOT NULL,
	"customer_delta" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"due_date" date NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_link_id" uuid,
	"invoice_id" uuid,
	"payment_id" uuid,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"customer_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"request_key" text NOT NULL,
	"provider_ref" text,
	"failure_message" text,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "mrr_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_settings" ADD CONSTRAINT "system_settings_updated_by_staff_id_staff_users_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_ref_key" ON "disputes" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "expenses_incurred_idx" ON "expenses" USING btree ("incurred_on","created_at");--> statement-breakpoint
CREATE INDEX "mrr_events_occurred_idx" ON "mrr_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "mrr_events_customer_idx" ON "mrr_events" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE INDEX "payment_requests_customer_idx" ON "payment_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_created_idx" ON "payment_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key" ON "refunds" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","issued_at");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_idx" ON "subscriptions" USING btree ("status","plan_id");--> statement-breakpoint
-- What each subscription adds to MRR today, and the history that brought it there (one 'new' event at the
-- current period's start for every subscription already paying).
UPDATE "subscriptions" SET "mrr_cents" = CASE WHEN "status" IN ('active', 'past_due') THEN "price_cents" ELSE 0 END;--> statement-breakpoint
INSERT INTO "mrr_events" ("customer_id", "subscription_id", "plan_id", "kind", "from_cents", "to_cents", "delta_cents", "customer_delta", "occurred_at")
SELECT "customer_id", "id", "plan_id", 'new', 0, "mrr_cents", "mrr_cents", 1, "current_period_start" FROM "subscriptions" WHERE "mrr_cents" > 0;--> statement-breakpoint
CREATE FUNCTION subscriptions_mrr_value() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.mrr_cents := CASE WHEN NEW.status IN ('active', 'past_due') THEN NEW.price_cents ELSE 0 END;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Every change of a subscription's MRR becomes one event, at the time the billing rules wrote on the row
-- (updated_at, from their clock: every rule that changes a status or a price sets it, and the schema's
-- $onUpdate sets it for any update that does not). A row removed with its account is dated by the
-- transaction (account removal ends the subscription first, so that churn carries the rules' time).
CREATE FUNCTION subscriptions_mrr_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_cents integer := 0;
  after_cents integer := 0;
  sub_row "subscriptions";
  at timestamptz := now();
  what text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    sub_row := OLD;
    before_cents := OLD.mrr_cents;
  ELSE
    sub_row := NEW;
    after_cents := NEW.mrr_cents;
    at := NEW.updated_at;
    IF TG_OP = 'UPDATE' THEN before_cents := OLD.mrr_cents; END IF;
  END IF;
  IF before_cents = after_cents THEN RETURN NULL; END IF;
  IF before_cents = 0 THEN
    what := CASE WHEN EXISTS (SELECT 1 FROM "mrr_events" e WHERE e."customer_id" = sub_row."customer_id")
                 THEN 'reactivation' ELSE 'new' END;
  ELSIF after_cents = 0 THEN
    what := 'churn';
  ELSIF after_cents > before_cents THEN
    what := 'expansion';
  ELSE
    what := 'contraction';
  END IF;
  INSERT INTO "mrr_events" ("customer_id", "subscription_id", "plan_id", "kind", "from_cents", "to_cents", "delta_cents", "customer_delta", "occurred_at")
  VALUES (sub_row."customer_id", sub_row."id", sub_row."plan_id", what, before_cents, after_cents, after_cents - before_cents,
          CASE WHEN before_cents = 0 THEN 1 WHEN after_cents = 0 THEN -1 ELSE 0 END, at);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER subscriptions_mrr_value BEFORE INSERT OR UPDATE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION subscriptions_mrr_value();--> statement-breakpoint
CREATE TRIGGER subscriptions_mrr_event AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION subscriptions_mrr_event();

-- Team management and sales commissions (issue 11, docs/commissions.md): staff preferences and search,
-- the sales user credited with each customer, commission rates per user and plan (one active), and
-- commissions recorded once per payment or refund; a member's own audit trail by time.
CREATE TABLE "sales_commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sales_user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"commission_rate" numeric(6, 5) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sales_user_id" uuid,
	"sales_user_name" text NOT NULL,
	"customer_id" uuid,
	"company_name" text NOT NULL,
	"payment_id" uuid,
	"plan_id" text,
	"source_key" text NOT NULL,
	"commission_type" text NOT NULL,
	"base_cents" integer NOT NULL,
	"commission_rate" numeric(6, 5) NOT NULL,
	"commission_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by_staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_logs_actor_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sales_user_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email)) STORED;--> statement-breakpoint
ALTER TABLE "sales_commission_rates" ADD CONSTRAINT "sales_commission_rates_sales_user_id_staff_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commission_rates" ADD CONSTRAINT "sales_commission_rates_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_sales_user_id_staff_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_commissions" ADD CONSTRAINT "sales_commissions_paid_by_staff_id_staff_users_id_fk" FOREIGN KEY ("paid_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_commission_rates_active_key" ON "sales_commission_rates" USING btree ("sales_user_id","plan_id") WHERE "sales_commission_rates"."is_active";--> statement-breakpoint
CREATE INDEX "sales_commission_rates_user_idx" ON "sales_commission_rates" USING btree ("sales_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_commissions_source_key" ON "sales_commissions" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "sales_commissions_user_idx" ON "sales_commissions" USING btree ("sales_user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_commissions_status_idx" ON "sales_commissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sales_commissions_created_idx" ON "sales_commissions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_sales_user_id_staff_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_sales_user_idx" ON "customers" USING btree ("sales_user_id");--> statement-breakpoint
CREATE INDEX "staff_users_role_idx" ON "staff_users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id","created_at");
CREATE TABLE "attempt_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_counters_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE TABLE "customer_logins" (
	"email" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"team_member_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_digest" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_staff_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"difficulty" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_timeout_seconds" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "customer_logins" ADD CONSTRAINT "customer_logins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_logins" ADD CONSTRAINT "customer_logins_team_member_id_team_members_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."team_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_counters_window_idx" ON "attempt_counters" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "customer_logins_customer_idx" ON "customer_logins" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_key" ON "payment_links" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "payment_links_customer_idx" ON "payment_links" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_expires_idx" ON "sign_in_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_id_sessions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_id");--> statement-breakpoint
-- One email signs in to one account: every owner's and team member's email is registered here in the
-- same statement that writes it, so two concurrent sign-ups or invitations cannot both succeed.
INSERT INTO "customer_logins" ("email", "customer_id", "team_member_id")
  SELECT lower("email"), "id", NULL FROM "customers" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "customer_logins" ("email", "customer_id", "team_member_id")
  SELECT lower("email"), "customer_id", "id" FROM "team_members" ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "customer_logins_from_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "customer_logins" ("email", "customer_id", "team_member_id") VALUES (lower(NEW."email"), NEW."id", NULL);
  ELSIF lower(NEW."email") IS DISTINCT FROM lower(OLD."email") THEN
    UPDATE "customer_logins" SET "email" = lower(NEW."email")
      WHERE "customer_id" = NEW."id" AND "team_member_id" IS NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_login_email" AFTER INSERT OR UPDATE OF "email" ON "customers"
  FOR EACH ROW EXECUTE FUNCTION "customer_logins_from_customers"();--> statement-breakpoint
CREATE FUNCTION "customer_logins_from_team_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "customer_logins" ("email", "customer_id", "team_member_id") VALUES (lower(NEW."email"), NEW."customer_id", NEW."id");
  ELSIF lower(NEW."email") IS DISTINCT FROM lower(OLD."email") THEN
    UPDATE "customer_logins" SET "email" = lower(NEW."email") WHERE "team_member_id" = NEW."id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "team_members_login_email" AFTER INSERT OR UPDATE OF "email" ON "team_members"
  FOR EACH ROW EXECUTE FUNCTION "customer_logins_from_team_members"();

CREATE TABLE "audit_hour_counts" (
	"hour" bigint NOT NULL,
	"shard" smallint NOT NULL,
	"customer_sign_ins" bigint DEFAULT 0 NOT NULL,
	"fleet_crm_sign_ins" bigint DEFAULT 0 NOT NULL,
	"fleet_changes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_hour_counts_hour_shard_pk" PRIMARY KEY("hour","shard")
);
--> statement-breakpoint
CREATE INDEX "audit_logs_customer_sign_in_idx" ON "audit_logs" USING btree ("created_at") WHERE "audit_logs"."action" = 'login' and "audit_logs"."resource_type" = 'authentication' and "audit_logs"."actor_type" = 'customer' and "audit_logs"."success" = true;--> statement-breakpoint
CREATE INDEX "audit_logs_fleet_change_idx" ON "audit_logs" USING btree ("created_at","id") WHERE "audit_logs"."account_id" is not null and "audit_logs"."resource_type" in ('vehicle', 'driver', 'maintenance', 'team_member') and "audit_logs"."category" in ('create', 'update', 'delete') and "audit_logs"."success" = true;--> statement-breakpoint
-- Audited customer sign-ins and fleet changes per hour, kept (issue 27; docs/fleet-control-center.md
-- "Figures at size"). The Fleet Control Center counted every audit row of its last day (51 ms at 43,000
-- rows a day) and the fleet CRM tab every row of 30 days. The words below are the ones of
-- CUSTOMER_SIGN_IN_ROW and FLEET_CHANGE_ROW (db/schema/audit.ts); kept-counts.test.ts writes a row of
-- every fleet resource and category and fails when the two disagree. An hour is one of the epoch (UTC).
-- A row is one hour in one of 16 shards of the writing transaction's id: sign-ins in the same hour
-- rarely queue on one row, and a transaction that audits many rows (an import) adds to one row only,
-- so two of them never take shard rows in opposite orders.
CREATE FUNCTION audit_hour_count_add(r "audit_logs", n int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  sign_in boolean := r."action" = 'login' AND r."resource_type" = 'authentication'
    AND r."actor_type" = 'customer' AND r."success";
  change boolean := r."account_id" IS NOT NULL AND r."success"
    AND r."resource_type" IN ('vehicle', 'driver', 'maintenance', 'team_member')
    AND r."category" IN ('create', 'update', 'delete');
  at_hour bigint := floor(extract(epoch FROM r."created_at") / 3600)::bigint;
  in_shard smallint := (txid_current() & 15)::smallint;
BEGIN
  IF NOT (sign_in OR change) THEN RETURN; END IF;
  INSERT INTO "audit_hour_counts" AS t ("hour", "shard", "customer_sign_ins", "fleet_crm_sign_ins", "fleet_changes")
  VALUES (at_hour, in_shard,
    CASE WHEN sign_in THEN n ELSE 0 END,
    CASE WHEN sign_in AND r."new_values"->>'via' = 'fleet-crm' THEN n ELSE 0 END,
    CASE WHEN change THEN n ELSE 0 END)
  ON CONFLICT ("hour", "shard") DO UPDATE SET
    "customer_sign_ins" = t."customer_sign_ins" + excluded."customer_sign_ins",
    "fleet_crm_sign_ins" = t."fleet_crm_sign_ins" + excluded."fleet_crm_sign_ins",
    "fleet_changes" = t."fleet_changes" + excluded."fleet_changes";
  -- The retention job's deletes leave no empty hours behind. A delete subtracts in its own shard, so
  -- an hour is gone when its shards sum to nothing (the hour is a month old: nobody else writes it).
  IF n < 0 THEN
    DELETE FROM "audit_hour_counts" WHERE "hour" = at_hour
      AND (SELECT sum("customer_sign_ins") = 0 AND sum("fleet_crm_sign_ins") = 0 AND sum("fleet_changes") = 0
           FROM "audit_hour_counts" WHERE "hour" = at_hour);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION audit_hour_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM audit_hour_count_add(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM audit_hour_count_add(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Most audit rows are neither: the WHEN clauses keep the function off their path. The trail is written
-- once and sealed (an update of chain_seq and hash, which the update trigger's columns leave out); the
-- retention job deletes rows a month old or more.
CREATE TRIGGER audit_hour_counted_insert AFTER INSERT ON "audit_logs" FOR EACH ROW
  WHEN (NEW."success" AND ((NEW."action" = 'login' AND NEW."resource_type" = 'authentication' AND NEW."actor_type" = 'customer')
    OR (NEW."account_id" IS NOT NULL AND NEW."resource_type" IN ('vehicle', 'driver', 'maintenance', 'team_member')
      AND NEW."category" IN ('create', 'update', 'delete'))))
  EXECUTE FUNCTION audit_hour_counted();--> statement-breakpoint
CREATE TRIGGER audit_hour_counted_delete AFTER DELETE ON "audit_logs" FOR EACH ROW
  WHEN (OLD."success" AND ((OLD."action" = 'login' AND OLD."resource_type" = 'authentication' AND OLD."actor_type" = 'customer')
    OR (OLD."account_id" IS NOT NULL AND OLD."resource_type" IN ('vehicle', 'driver', 'maintenance', 'team_member')
      AND OLD."category" IN ('create', 'update', 'delete'))))
  EXECUTE FUNCTION audit_hour_counted();--> statement-breakpoint
CREATE TRIGGER audit_hour_counted_update
  AFTER UPDATE OF "action", "resource_type", "actor_type", "success", "account_id", "category", "created_at", "new_values", "id"
  ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION audit_hour_counted();--> statement-breakpoint
-- The counts worked out again from every audit row: the backfill below, and a bulk load that ran with
-- triggers off. SHARE mode holds off writers until the caller's transaction ends.
CREATE FUNCTION audit_hour_counts_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "audit_logs" IN SHARE MODE;
  DELETE FROM "audit_hour_counts";
  INSERT INTO "audit_hour_counts" ("hour", "shard", "customer_sign_ins", "fleet_crm_sign_ins", "fleet_changes")
  SELECT floor(extract(epoch FROM "created_at") / 3600)::bigint, ("id" & 15)::smallint,
    count(*) FILTER (WHERE sign_in), count(*) FILTER (WHERE sign_in AND via_crm), count(*) FILTER (WHERE change)
  FROM (
    SELECT "id", "created_at",
      "action" = 'login' AND "resource_type" = 'authentication' AND "actor_type" = 'customer' AND "success" AS sign_in,
      coalesce("new_values"->>'via' = 'fleet-crm', false) AS via_crm,
      "account_id" IS NOT NULL AND "success" AND "resource_type" IN ('vehicle', 'driver', 'maintenance', 'team_member')
        AND "category" IN ('create', 'update', 'delete') AS change
    FROM "audit_logs") r
  WHERE sign_in OR change
  GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT audit_hour_counts_recompute();--> statement-breakpoint
ANALYZE "audit_hour_counts";

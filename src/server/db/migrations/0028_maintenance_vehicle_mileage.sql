-- The fleet app's lists at 5,000 vehicles (issue 27, docs/fleet.md "Maintenance at scale"). An open record
-- carries its vehicle's mileage, kept by the triggers below, so "overdue" (past its due date, or its vehicle
-- has reached its due mileage) is a condition on the record alone, and a page is chosen before any vehicle
-- is read. Its type is kept lowercased for the search box (ilike is lower() like lower()).
ALTER TABLE "maintenance_records" ADD COLUMN "vehicle_mileage" numeric(12, 3);--> statement-breakpoint
UPDATE "maintenance_records" m SET "vehicle_mileage" = v."mileage"
  FROM "vehicles" v WHERE v."id" = m."vehicle_id" AND m."completed_date" IS NULL;--> statement-breakpoint
-- A stored generated column rewrites the table: that also drops the row versions the update above left.
ALTER TABLE "maintenance_records" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(type)) STORED;--> statement-breakpoint
-- A record gets its vehicle's mileage when it is added, moved to another vehicle or reopened, and loses it
-- when completed. FOR SHARE waits for a transaction that is changing that vehicle's mileage and then reads
-- what it committed: the vehicles trigger of that transaction cannot see this new row, so without the
-- lock the record would keep the old mileage.
CREATE FUNCTION maintenance_vehicle_mileage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."completed_date" IS NOT NULL THEN
    NEW."vehicle_mileage" := NULL;
  ELSIF TG_OP = 'INSERT' OR NEW."vehicle_id" IS DISTINCT FROM OLD."vehicle_id" OR OLD."completed_date" IS NOT NULL THEN
    SELECT "mileage" INTO NEW."vehicle_mileage" FROM "vehicles" WHERE "id" = NEW."vehicle_id" FOR SHARE;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_vehicle_mileage BEFORE INSERT OR UPDATE OF "vehicle_id", "completed_date"
  ON "maintenance_records" FOR EACH ROW EXECUTE FUNCTION maintenance_vehicle_mileage();--> statement-breakpoint
-- A vehicle's new mileage reaches its open records.
CREATE FUNCTION vehicles_mileage_to_maintenance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "maintenance_records" SET "vehicle_mileage" = NEW."mileage"
   WHERE "vehicle_id" = NEW."id" AND "completed_date" IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_mileage_to_maintenance AFTER UPDATE OF "mileage" ON "vehicles" FOR EACH ROW
  WHEN (OLD."mileage" IS DISTINCT FROM NEW."mileage") EXECUTE FUNCTION vehicles_mileage_to_maintenance();--> statement-breakpoint
-- The embedded database has no autovacuum to gather statistics on the new column for the planner.
ANALYZE "maintenance_records";

-- The fleet app's maintenance list at 10,000 records (issue 27, docs/fleet.md "Maintenance at scale").
--
-- A page walks each state's records in the list's own order and stops once the page is full. Open records
-- (overdue, then scheduled) walk the new index; completed ones walk maintenance_customer_idx backwards.
--
-- The search text becomes the record's type and its vehicle's plate, make and model, lowercased, kept by
-- the triggers below: a search is then one LIKE on each record walked, where it was a read of every
-- vehicle of the account first and a list of their ids given to the walk.
ALTER TABLE "maintenance_records" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
CREATE INDEX "maintenance_open_due_order_idx" ON "maintenance_records" USING btree ("customer_id","due_date","due_mileage","id") WHERE "maintenance_records"."completed_date" is null;--> statement-breakpoint
-- A record takes what it keeps of its vehicle in one read: the mileage (while open, migration 0028) and
-- the text, when it is added, retyped, moved to another vehicle or reopened. This replaces 0028's trigger,
-- so a new record reads its vehicle once. FOR SHARE, as in 0028: it waits for a transaction that is
-- changing that vehicle and reads what it committed. On an insert the vehicle is taken before the record,
-- the order a vehicle's update takes; an update has locked the record first, so the app's edit takes the
-- vehicle before it updates (modules/fleet/maintenance.ts).
DROP TRIGGER "maintenance_vehicle_mileage" ON "maintenance_records";--> statement-breakpoint
DROP FUNCTION maintenance_vehicle_mileage();--> statement-breakpoint
CREATE FUNCTION maintenance_from_vehicle() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept_mileage numeric(12, 3);
BEGIN
  IF TG_OP = 'INSERT' OR NEW."vehicle_id" IS DISTINCT FROM OLD."vehicle_id" OR NEW."type" IS DISTINCT FROM OLD."type"
     OR (NEW."completed_date" IS NULL AND OLD."completed_date" IS NOT NULL) THEN
    SELECT "mileage", lower(NEW."type" || ' ' || "license_plate" || ' ' || "make" || ' ' || "model")
      INTO kept_mileage, NEW."search_text" FROM "vehicles" WHERE "id" = NEW."vehicle_id" FOR SHARE;
    NEW."vehicle_mileage" := kept_mileage;
  END IF;
  IF NEW."completed_date" IS NOT NULL THEN
    NEW."vehicle_mileage" := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_from_vehicle BEFORE INSERT OR UPDATE OF "type", "vehicle_id", "completed_date"
  ON "maintenance_records" FOR EACH ROW EXECUTE FUNCTION maintenance_from_vehicle();--> statement-breakpoint
-- A vehicle's new plate, make or model reaches every record of it.
CREATE FUNCTION vehicles_label_to_maintenance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "maintenance_records"
     SET "search_text" = lower("type" || ' ' || NEW."license_plate" || ' ' || NEW."make" || ' ' || NEW."model")
   WHERE "vehicle_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_label_to_maintenance AFTER UPDATE OF "license_plate", "make", "model" ON "vehicles"
  FOR EACH ROW
  WHEN (OLD."license_plate" IS DISTINCT FROM NEW."license_plate" OR OLD."make" IS DISTINCT FROM NEW."make"
        OR OLD."model" IS DISTINCT FROM NEW."model")
  EXECUTE FUNCTION vehicles_label_to_maintenance();--> statement-breakpoint
UPDATE "maintenance_records" m
   SET "search_text" = lower(m."type" || ' ' || v."license_plate" || ' ' || v."make" || ' ' || v."model")
  FROM "vehicles" v WHERE v."id" = m."vehicle_id";

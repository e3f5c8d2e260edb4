CREATE TABLE "fleet_account_counters" (
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fleet_account_counters_customer_id_name_pk" PRIMARY KEY("customer_id","name")
);
--> statement-breakpoint
CREATE TABLE "fleet_account_due" (
	"customer_id" uuid NOT NULL,
	"due_day" date NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fleet_account_due_customer_id_due_day_pk" PRIMARY KEY("customer_id","due_day")
);
--> statement-breakpoint
-- One account's fleet at a glance, kept by triggers (docs/fleet.md "The overview at scale"): the fleet
-- app's overview reads its account's few rows here instead of counting every vehicle, driver and open
-- maintenance record of it. Each change is an `insert ... on conflict do update` increment of the rows it
-- moves, in key order, like the staff figures of migration 0027.

-- Every account's figures computed again from the rows, with the fleet tables locked against writers: this
-- migration's backfill, and the bench seeds that insert with triggers off (after fleet_totals_recompute).
-- A record's due day comes from its own columns: an open record carries its vehicle's mileage (0028).
CREATE FUNCTION fleet_account_figures_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE vehicles, drivers, maintenance_records IN SHARE MODE;
  DELETE FROM fleet_account_counters;
  DELETE FROM fleet_account_due;
  INSERT INTO fleet_account_counters (customer_id, name, n)
    SELECT customer_id, 'vehicles:' || status, count(*) FROM vehicles GROUP BY 1, 2;
  INSERT INTO fleet_account_counters (customer_id, name, n)
    SELECT customer_id, 'drivers:unassigned', count(*) FROM drivers WHERE assigned_vehicle_id IS NULL GROUP BY 1;
  INSERT INTO fleet_account_due (customer_id, due_day, records)
    SELECT d.customer_id, d.day, count(*)
    FROM (SELECT customer_id, fleet_due_day(completed_date, due_date, due_mileage, vehicle_mileage) AS day
          FROM maintenance_records WHERE completed_date IS NULL) d
    WHERE d.day IS NOT NULL GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT fleet_account_figures_recompute();--> statement-breakpoint
-- A vehicle leaves the count of its old account and status, and joins its new one's.
CREATE FUNCTION vehicles_account_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_account_counters AS t (customer_id, name, n)
    SELECT v.customer_id, 'vehicles:' || v.status, sum(v.delta)
    FROM (VALUES (OLD.customer_id, OLD.status, -1), (NEW.customer_id, NEW.status, 1)) AS v(customer_id, status, delta)
    WHERE v.customer_id IS NOT NULL
    GROUP BY 1, 2 HAVING sum(v.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (customer_id, name) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_account_figures AFTER INSERT OR DELETE
  ON vehicles FOR EACH ROW EXECUTE FUNCTION vehicles_account_figures();--> statement-breakpoint
CREATE TRIGGER vehicles_account_figures_update AFTER UPDATE OF customer_id, status ON vehicles
  FOR EACH ROW WHEN ((OLD.customer_id, OLD.status) IS DISTINCT FROM (NEW.customer_id, NEW.status))
  EXECUTE FUNCTION vehicles_account_figures();--> statement-breakpoint
-- A driver without a vehicle counts for its account; one whose vehicle goes (set null) counts again.
CREATE FUNCTION drivers_account_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_account_counters AS t (customer_id, name, n)
    SELECT d.customer_id, 'drivers:unassigned', sum(d.delta)
    FROM (VALUES (OLD.customer_id, OLD.assigned_vehicle_id IS NULL, -1),
                 (NEW.customer_id, NEW.assigned_vehicle_id IS NULL, 1)) AS d(customer_id, unassigned, delta)
    WHERE d.customer_id IS NOT NULL AND d.unassigned
    GROUP BY 1 HAVING sum(d.delta) <> 0 ORDER BY 1
    ON CONFLICT (customer_id, name) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER drivers_account_figures AFTER INSERT OR DELETE
  ON drivers FOR EACH ROW EXECUTE FUNCTION drivers_account_figures();--> statement-breakpoint
CREATE TRIGGER drivers_account_figures_update AFTER UPDATE OF customer_id, assigned_vehicle_id ON drivers
  FOR EACH ROW WHEN ((OLD.customer_id, OLD.assigned_vehicle_id IS NULL)
                     IS DISTINCT FROM (NEW.customer_id, NEW.assigned_vehicle_id IS NULL))
  EXECUTE FUNCTION drivers_account_figures();--> statement-breakpoint
-- An open record moves from the day it counted under to the day it counts under now, read from its own
-- columns; its vehicle's odometer reaches it through vehicle_mileage (0028), which fires this too.
CREATE FUNCTION maintenance_account_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_account_due AS t (customer_id, due_day, records)
    SELECT m.customer_id, m.day, sum(m.delta)
    FROM (VALUES
      (OLD.customer_id, fleet_due_day(OLD.completed_date, OLD.due_date, OLD.due_mileage, OLD.vehicle_mileage), -1),
      (NEW.customer_id, fleet_due_day(NEW.completed_date, NEW.due_date, NEW.due_mileage, NEW.vehicle_mileage), 1)
    ) AS m(customer_id, day, delta)
    WHERE m.customer_id IS NOT NULL AND m.day IS NOT NULL
    GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (customer_id, due_day) DO UPDATE SET records = t.records + excluded.records;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_account_due AFTER INSERT OR DELETE
  ON maintenance_records FOR EACH ROW EXECUTE FUNCTION maintenance_account_due();--> statement-breakpoint
CREATE TRIGGER maintenance_account_due_update
  AFTER UPDATE OF customer_id, due_date, due_mileage, completed_date, vehicle_mileage ON maintenance_records
  FOR EACH ROW WHEN ((OLD.customer_id, OLD.due_date, OLD.due_mileage, OLD.completed_date, OLD.vehicle_mileage)
                     IS DISTINCT FROM (NEW.customer_id, NEW.due_date, NEW.due_mileage, NEW.completed_date, NEW.vehicle_mileage))
  EXECUTE FUNCTION maintenance_account_due();--> statement-breakpoint
ANALYZE "fleet_account_counters";--> statement-breakpoint
ANALYZE "fleet_account_due";

CREATE TABLE "fleet_account_vehicles" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"counted" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_counters" (
	"name" text NOT NULL,
	"shard" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "fleet_counters_name_shard_pk" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
CREATE TABLE "fleet_maintenance_due" (
	"due_day" date NOT NULL,
	"shard" smallint NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fleet_maintenance_due_due_day_shard_pk" PRIMARY KEY("due_day","shard")
);
--> statement-breakpoint
CREATE TABLE "fleet_vehicle_days" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"vehicles" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fleet_vehicle_days_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE INDEX "fleet_account_vehicles_top_idx" ON "fleet_account_vehicles" USING btree ("counted" desc,"customer_id");--> statement-breakpoint
CREATE INDEX "vehicles_created_idx" ON "vehicles" USING btree ("created_at");--> statement-breakpoint
-- The Fleet Control Center's figures kept by triggers (docs/fleet-control-center.md, "Kept figures"): the
-- staff analytics read these few hundred rows instead of every vehicle, driver and maintenance record.
-- Every change is an `insert ... on conflict do update` increment of the rows it moves, applied in one
-- order (due rows, counters, days, accounts; each by key), so concurrent writers never read-modify-write
-- and do not wait on each other in opposite orders.

-- Which of the 16 rows of a figure an account's changes go to.
CREATE FUNCTION fleet_shard(account uuid) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (hashtext(account::text) & 15)::smallint $$;--> statement-breakpoint
-- The day an open maintenance record counts as due: its due date, or -infinity once its vehicle has
-- reached the due mileage (the fleet app's overdue rule, overdueSql), null when it is done or has
-- neither (never due soon nor overdue).
CREATE FUNCTION fleet_due_day(completed date, due date, due_mileage numeric, mileage numeric) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE WHEN completed IS NOT NULL THEN NULL
                  WHEN due_mileage IS NOT NULL AND mileage >= due_mileage THEN '-infinity'::date
                  ELSE due END $$;--> statement-breakpoint
-- Every kept figure computed again from the rows, with the fleet tables locked against writers: the
-- migration's backfill, and the bench seeds that bulk insert with triggers off.
CREATE FUNCTION fleet_totals_recompute() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE vehicles, drivers, maintenance_records IN SHARE MODE;
  DELETE FROM fleet_counters;
  DELETE FROM fleet_vehicle_days;
  DELETE FROM fleet_account_vehicles;
  DELETE FROM fleet_maintenance_due;
  INSERT INTO fleet_counters (name, shard, n, amount)
    SELECT 'vehicles:' || status, fleet_shard(customer_id), count(*), sum(mileage) FROM vehicles GROUP BY 1, 2;
  INSERT INTO fleet_counters (name, shard, n, amount)
    SELECT 'drivers', fleet_shard(customer_id), count(*), 0 FROM drivers GROUP BY 2;
  INSERT INTO fleet_vehicle_days (day, shard, vehicles)
    SELECT (created_at AT TIME ZONE 'UTC')::date, fleet_shard(customer_id), count(*) FROM vehicles GROUP BY 1, 2;
  INSERT INTO fleet_account_vehicles (customer_id, counted)
    SELECT customer_id, count(*) FROM vehicles WHERE status <> 'retired' GROUP BY 1;
  INSERT INTO fleet_counters (name, shard, n, amount)
    SELECT 'accounts', fleet_shard(customer_id), count(*), 0 FROM fleet_account_vehicles GROUP BY 2;
  INSERT INTO fleet_maintenance_due (due_day, shard, records)
    SELECT d.day, d.shard, count(*)
    FROM (SELECT fleet_due_day(m.completed_date, m.due_date, m.due_mileage, v.mileage) AS day,
                 fleet_shard(m.customer_id) AS shard
          FROM maintenance_records m JOIN vehicles v ON v.id = m.vehicle_id
          WHERE m.completed_date IS NULL) d
    WHERE d.day IS NOT NULL GROUP BY 1, 2;
END $$;--> statement-breakpoint
SELECT fleet_totals_recompute();--> statement-breakpoint
-- A maintenance record moves from the day it counted under (its old values, its vehicle's mileage) to
-- the day it counts under now. Its vehicle is read FOR SHARE: a concurrent odometer change waits for
-- this transaction (or this one for it), so the mileage used here is the one the vehicle's own trigger
-- sees. When a vehicle's deletion cascades here the vehicle is gone: its BEFORE DELETE trigger has
-- already taken the record out.
CREATE FUNCTION maintenance_fleet_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
  odometer numeric;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT v.mileage INTO odometer FROM vehicles v WHERE v.id = OLD.vehicle_id FOR SHARE;
    IF FOUND THEN
      old_day := fleet_due_day(OLD.completed_date, OLD.due_date, OLD.due_mileage, odometer);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT v.mileage INTO odometer FROM vehicles v WHERE v.id = NEW.vehicle_id FOR SHARE;
    new_day := fleet_due_day(NEW.completed_date, NEW.due_date, NEW.due_mileage, odometer);
  END IF;
  INSERT INTO fleet_maintenance_due AS t (due_day, shard, records)
    SELECT m.day, m.shard, sum(m.delta)
    FROM (VALUES (old_day, fleet_shard(OLD.customer_id), -1), (new_day, fleet_shard(NEW.customer_id), 1))
      AS m(day, shard, delta)
    WHERE m.day IS NOT NULL GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (due_day, shard) DO UPDATE SET records = t.records + excluded.records;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER maintenance_fleet_totals AFTER INSERT OR DELETE
  ON maintenance_records FOR EACH ROW EXECUTE FUNCTION maintenance_fleet_totals();--> statement-breakpoint
CREATE TRIGGER maintenance_fleet_totals_update
  AFTER UPDATE OF customer_id, vehicle_id, due_date, due_mileage, completed_date ON maintenance_records
  FOR EACH ROW WHEN ((OLD.customer_id, OLD.vehicle_id, OLD.due_date, OLD.due_mileage, OLD.completed_date)
                     IS DISTINCT FROM (NEW.customer_id, NEW.vehicle_id, NEW.due_date, NEW.due_mileage, NEW.completed_date))
  EXECUTE FUNCTION maintenance_fleet_totals();--> statement-breakpoint
-- Before a vehicle goes, its open maintenance records leave the due days (the cascade that deletes them
-- next cannot read the vehicle's mileage any more).
CREATE FUNCTION vehicles_fleet_due_out() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_maintenance_due AS t (due_day, shard, records)
    SELECT r.day, r.shard, -count(*)
    FROM (SELECT fleet_due_day(NULL, m.due_date, m.due_mileage, OLD.mileage) AS day, fleet_shard(m.customer_id) AS shard
          FROM maintenance_records m WHERE m.vehicle_id = OLD.id AND m.completed_date IS NULL) r
    WHERE r.day IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (due_day, shard) DO UPDATE SET records = t.records + excluded.records;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_fleet_due_out BEFORE DELETE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION vehicles_fleet_due_out();--> statement-breakpoint
-- A vehicle's part of the counters (status, mileage), its creation day and its account's counted
-- vehicles: the old row's taken out, the new row's put in, netted per row so an odometer change is one
-- increment of its status's mileage. An odometer change also moves its open records whose due mileage
-- lies between the old and the new reading. An update runs only the parts its changes move.
CREATE FUNCTION vehicles_fleet_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account record;
  now_counted integer;
  moved_account boolean := TG_OP <> 'UPDATE' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.mileage IS DISTINCT FROM OLD.mileage THEN
    INSERT INTO fleet_maintenance_due AS t (due_day, shard, records)
      SELECT r.day, r.shard, sum(r.delta)
      FROM (SELECT fleet_due_day(NULL, m.due_date, m.due_mileage, s.mileage) AS day, fleet_shard(m.customer_id) AS shard,
                   s.delta
            FROM maintenance_records m CROSS JOIN (VALUES (-1, OLD.mileage), (1, NEW.mileage)) AS s(delta, mileage)
            WHERE m.vehicle_id = NEW.id AND m.completed_date IS NULL
              AND m.due_mileage > least(OLD.mileage, NEW.mileage)
              AND m.due_mileage <= greatest(OLD.mileage, NEW.mileage)) r
      WHERE r.day IS NOT NULL GROUP BY 1, 2 HAVING sum(r.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (due_day, shard) DO UPDATE SET records = t.records + excluded.records;
  END IF;
  IF moved_account OR (NEW.status, NEW.mileage) IS DISTINCT FROM (OLD.status, OLD.mileage) THEN
    INSERT INTO fleet_counters AS t (name, shard, n, amount)
      SELECT 'vehicles:' || v.status, fleet_shard(v.customer_id), sum(v.delta), sum(v.delta * v.mileage)
      FROM (VALUES (OLD.status, OLD.customer_id, OLD.mileage, -1), (NEW.status, NEW.customer_id, NEW.mileage, 1))
        AS v(status, customer_id, mileage, delta)
      WHERE v.status IS NOT NULL
      GROUP BY 1, 2 HAVING sum(v.delta) <> 0 OR sum(v.delta * v.mileage) <> 0 ORDER BY 1, 2
      ON CONFLICT (name, shard) DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
  END IF;
  IF moved_account OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    INSERT INTO fleet_vehicle_days AS t (day, shard, vehicles)
      SELECT d.day, fleet_shard(d.customer_id), sum(d.delta)
      FROM (VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.customer_id, -1),
                   ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.customer_id, 1)) AS d(day, customer_id, delta)
      WHERE d.day IS NOT NULL
      GROUP BY 1, 2 HAVING sum(d.delta) <> 0 ORDER BY 1, 2
      ON CONFLICT (day, shard) DO UPDATE SET vehicles = t.vehicles + excluded.vehicles;
  END IF;
  -- Counted against the plan: every status but retired (countedVehicle in the fleet module).
  IF NOT moved_account AND (NEW.status = 'retired') = (OLD.status = 'retired') THEN
    RETURN NULL;
  END IF;
  FOR account IN
    SELECT a.customer_id, sum(a.delta)::integer AS delta
    FROM (VALUES (OLD.customer_id, OLD.status, -1), (NEW.customer_id, NEW.status, 1)) AS a(customer_id, status, delta)
    WHERE a.status <> 'retired'
    GROUP BY 1 HAVING sum(a.delta) <> 0 ORDER BY 1
  LOOP
    INSERT INTO fleet_account_vehicles AS t (customer_id, counted) VALUES (account.customer_id, account.delta)
      ON CONFLICT (customer_id) DO UPDATE SET counted = t.counted + excluded.counted
      RETURNING t.counted INTO now_counted;
    -- The row is locked until commit, so what the increment returns says whether this change gave the
    -- account its first counted vehicle or took its last.
    IF now_counted = 0 THEN
      DELETE FROM fleet_account_vehicles WHERE customer_id = account.customer_id;
    END IF;
    IF now_counted = 0 OR now_counted = account.delta THEN
      INSERT INTO fleet_counters AS t (name, shard, n, amount)
        VALUES ('accounts', fleet_shard(account.customer_id), sign(account.delta), 0)
        ON CONFLICT (name, shard) DO UPDATE SET n = t.n + excluded.n;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicles_fleet_totals AFTER INSERT OR DELETE
  ON vehicles FOR EACH ROW EXECUTE FUNCTION vehicles_fleet_totals();--> statement-breakpoint
-- An edit that leaves every counted column as it was (the fleet app's form sends them all) costs nothing.
CREATE TRIGGER vehicles_fleet_totals_update AFTER UPDATE OF customer_id, status, mileage, created_at ON vehicles
  FOR EACH ROW WHEN ((OLD.customer_id, OLD.status, OLD.mileage, OLD.created_at)
                     IS DISTINCT FROM (NEW.customer_id, NEW.status, NEW.mileage, NEW.created_at))
  EXECUTE FUNCTION vehicles_fleet_totals();--> statement-breakpoint
CREATE FUNCTION drivers_fleet_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_counters AS t (name, shard, n, amount)
    SELECT 'drivers', d.shard, sum(d.delta), 0
    FROM (VALUES (fleet_shard(OLD.customer_id), -1), (fleet_shard(NEW.customer_id), 1)) AS d(shard, delta)
    WHERE d.shard IS NOT NULL GROUP BY 2 HAVING sum(d.delta) <> 0 ORDER BY 2
    ON CONFLICT (name, shard) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER drivers_fleet_totals AFTER INSERT OR DELETE OR UPDATE OF customer_id
  ON drivers FOR EACH ROW EXECUTE FUNCTION drivers_fleet_totals();

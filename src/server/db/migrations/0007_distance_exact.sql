-- Mileage to a thousandth of a mile: the fleet app converts a whole number of kilometres to miles with three
-- decimals, which converts back to the same kilometres (docs/decisions/0005-customer-side-distance-unit.md).
-- Whole miles stored before stay the same value.
ALTER TABLE "maintenance_records" ALTER COLUMN "due_mileage" SET DATA TYPE numeric(12, 3);--> statement-breakpoint
ALTER TABLE "vehicles" ALTER COLUMN "mileage" SET DATA TYPE numeric(12, 3);

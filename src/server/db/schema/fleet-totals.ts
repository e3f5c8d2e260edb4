import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';

// The Fleet Control Center's figures across every account, kept by triggers on vehicles, drivers and
// maintenance_records in the writer's own transaction (migration 0027, docs/fleet-control-center.md
// "Kept figures"), so the staff analytics read a few hundred rows instead of millions. Rows are split
// by `shard` (a hash of the account id, 0..15): writers of different accounts on PostgreSQL rarely wait
// on the same row. A figure is the sum over its shards.

/**
 * Counters by name: `vehicles:<status>` (vehicles in that status, `amount` their odometer sum in
 * miles), `drivers`, `accounts` (accounts with at least one vehicle counted against their plan).
 */
export const fleetCounters = pgTable(
  'fleet_counters',
  {
    name: text('name').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] })],
);

/** Vehicles by the UTC day their record was created ("added in the last 30 days"). */
export const fleetVehicleDays = pgTable(
  'fleet_vehicle_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    vehicles: integer('vehicles').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/**
 * Each account's vehicles counted against its plan (not retired); a row goes when its count reaches 0.
 * No foreign key to customers: an account's deletion cascades to its vehicles, whose trigger writes
 * here, and that may run after the account's row is gone.
 */
export const fleetAccountVehicles = pgTable(
  'fleet_account_vehicles',
  {
    customerId: uuid('customer_id').primaryKey(),
    counted: integer('counted').notNull(),
  },
  (t) => [index('fleet_account_vehicles_top_idx').on(sql`${t.counted} desc`, t.customerId)],
);

/**
 * Open maintenance records by the day they fall due: their due date, or `-infinity` once their
 * vehicle has reached the due mileage (overdue whatever the date). Records with neither are not here:
 * they are never due soon nor overdue.
 */
export const fleetMaintenanceDue = pgTable(
  'fleet_maintenance_due',
  {
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    records: integer('records').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dueDay, t.shard] })],
);

// One account's fleet at a glance (the fleet app's overview, docs/fleet.md "The overview at scale"), kept
// by triggers in the writer's own transaction (migration 0031), so the overview reads a few rows of its
// account instead of every vehicle, driver and open record of it.

/** An account's counts by name: `vehicles:<status>`, `drivers:unassigned` (no vehicle assigned). */
export const fleetAccountCounters = pgTable(
  'fleet_account_counters',
  {
    customerId: uuid('customer_id').notNull(),
    name: text('name').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.name] })],
);

/**
 * An account's open maintenance records by the day they fall due, as `fleet_maintenance_due` keeps them
 * for every account: overdue is the sum before today. No foreign key to customers, as above.
 */
export const fleetAccountDue = pgTable(
  'fleet_account_due',
  {
    customerId: uuid('customer_id').notNull(),
    dueDay: date('due_day', { mode: 'string' }).notNull(),
    records: integer('records').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.dueDay] })],
);

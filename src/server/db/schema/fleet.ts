import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DRIVER_STATUSES, VEHICLE_STATUSES } from '../../../shared/statuses';
import { ownedBy } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';

// A customer's fleet: vehicles, drivers and maintenance.

/** The customer's fleet (issue 4 builds the app on it); active vehicles count against the plan. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: randomId(),
    customerId: ownedBy(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    vin: text('vin').notNull(),
    licensePlate: text('license_plate').notNull(),
    status: text('status', { enum: VEHICLE_STATUSES }).notNull().default('active'),
    /** Miles to a thousandth, so a whole number of kilometres typed in the fleet app comes back exact. */
    mileage: numeric('mileage', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
    fuelLevel: integer('fuel_level').notNull().default(100),
    location: text('location'),
    lastUpdate: timestamptz('last_update').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Everything the search box matches, lowercased once on write: one LIKE per row instead of five. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(make || ' ' || model || ' ' || vin || ' ' || license_plate || ' ' || coalesce(location, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('vehicles_customer_vin_key').on(t.customerId, t.vin),
    uniqueIndex('vehicles_customer_plate_key').on(t.customerId, t.licensePlate),
    index('vehicles_customer_status_idx').on(t.customerId, t.status),
    index('vehicles_customer_updated_idx').on(t.customerId, t.lastUpdate),
    // The Fleet Control Center's "added in the last 30 days" counts the window's first day from here.
    index('vehicles_created_idx').on(t.createdAt),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: randomId(),
    customerId: ownedBy(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    licenseNumber: text('license_number').notNull(),
    status: text('status', { enum: DRIVER_STATUSES }).notNull().default('active'),
    assignedVehicleId: uuid('assigned_vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('drivers_customer_idx').on(t.customerId, t.name),
    // one driver per vehicle at a time
    uniqueIndex('drivers_vehicle_key')
      .on(t.assignedVehicleId)
      .where(sql`${t.assignedVehicleId} is not null`),
  ],
);

export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: randomId(),
    customerId: ownedBy(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    dueMileage: numeric('due_mileage', { precision: 12, scale: 3, mode: 'number' }),
    costCents: integer('cost_cents'),
    notes: text('notes'),
    completedDate: date('completed_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The vehicle's mileage while the record is open (null once completed), kept by triggers (migration
     * 0028, docs/fleet.md "Maintenance at scale"): the overdue-by-mileage rule then reads one row, and the
     * lists filter, sort and count the account's records without reading a vehicle.
     */
    vehicleMileage: numeric('vehicle_mileage', { precision: 12, scale: 3, mode: 'number' }),
    /**
     * What the maintenance search matches: the record's type and its vehicle's plate, make and model,
     * lowercased, kept by triggers as either changes (migration 0033, docs/fleet.md "Maintenance at
     * scale"), so a search is one LIKE on the record and reads no vehicle.
     */
    searchText: text('search_text'),
  },
  (t) => [
    index('maintenance_customer_idx').on(t.customerId, t.completedDate, t.dueDate),
    // The maintenance list's open records in due order, walked until a page is full
    // (modules/fleet/maintenance.ts `recordsPage`); completed ones walk the index above backwards.
    index('maintenance_open_due_order_idx')
      .on(t.customerId, t.dueDate.asc().nullsLast(), t.dueMileage, t.id)
      .where(sql`${t.completedDate} is null`),
    index('maintenance_vehicle_idx').on(t.vehicleId),
    // The Fleet Control Center's latest overdue records across every account (modules/fleet-center/
    // monitoring.ts): those past their due date, read from today backwards, and those whose vehicle has
    // reached the due mileage, each in the list's order, so the newest ten are two short index reads.
    index('maintenance_open_due_idx')
      .on(t.dueDate.desc(), t.createdAt.desc(), t.id)
      .where(sql`${t.completedDate} is null and ${t.dueDate} is not null`),
    index('maintenance_mileage_due_idx')
      .on(t.dueDate.desc().nullsLast(), t.createdAt.desc(), t.id)
      .where(sql`${t.completedDate} is null and ${t.vehicleMileage} >= ${t.dueMileage}`),
  ],
);

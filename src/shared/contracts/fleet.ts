import { z } from 'zod';
import { VEHICLE_STATUSES, DRIVER_STATUSES } from '../statuses';
import { emailDelivery } from './email-delivery';
import { milesField } from '../distance';
import { dayField, emailField, pagedQuery, pageOf, requiredText, searchField, sortField } from './common';

export const TEAM_ROLES = ['fleet_admin', 'fleet_user'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The highest mileage and due mileage the API takes, in miles (the fleet app shows it in the account's unit). */
export const MAX_MILEAGE = 2_000_000;

export const FIRST_MODEL_YEAR = 1980;
/** Next year's models are on sale before the year starts. */
export const lastModelYear = (now = new Date()) => now.getUTCFullYear() + 1;

export const VIN_MESSAGE = 'VIN must be 17 letters and digits (the letters I, O and Q are not used)';
const yearMessage = () => `Year must be between ${FIRST_MODEL_YEAR} and ${lastModelYear()}`;

const text = (label: string, max: number) =>
  requiredText(`${label} is required`, max, `${label} must be at most ${max} characters`);

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

export const vehicleInput = z.object({
  make: text('Make', 60),
  model: text('Model', 60),
  year: z.coerce
    .number({ error: yearMessage })
    .int({ error: yearMessage })
    .refine((y) => y >= FIRST_MODEL_YEAR && y <= lastModelYear(), { error: yearMessage }),
  vin: z
    .string({ error: VIN_MESSAGE })
    .trim()
    .toUpperCase()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/, VIN_MESSAGE),
  licensePlate: z
    .string({ error: 'License plate is required' })
    .trim()
    .toUpperCase()
    .min(1, 'License plate is required')
    .max(15, 'License plate must be at most 15 characters')
    .regex(/^[A-Z0-9 -]+$/, 'License plate may contain letters, digits, spaces and dashes'),
  status: z
    .enum(VEHICLE_STATUSES, { error: 'Status must be active, maintenance, retired or inactive' })
    .default('active'),
  mileage: milesField('Mileage', 0, MAX_MILEAGE).default(0),
  fuelLevel: wholeNumber('Fuel level', 0, 100).default(100),
  location: z.string().trim().max(120, 'Location must be at most 120 characters').nullish(),
});
export type VehicleInput = z.input<typeof vehicleInput>;

export const vehicle = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  vin: z.string(),
  licensePlate: z.string(),
  status: z.enum(VEHICLE_STATUSES),
  mileage: z.number(),
  fuelLevel: z.number(),
  location: z.string().nullable(),
  lastUpdate: z.string(),
  createdAt: z.string(),
  driver: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Vehicle = z.infer<typeof vehicle>;

export const VEHICLE_SORTS = [
  'make',
  '-make',
  'year',
  '-year',
  'mileage',
  '-mileage',
  'licensePlate',
  '-licensePlate',
  'lastUpdate',
  '-lastUpdate',
  'status',
  '-status',
] as const;

export const vehicleListQuery = pagedQuery({
  search: searchField,
  status: z.enum(VEHICLE_STATUSES).optional(),
  sort: sortField(VEHICLE_SORTS, '-lastUpdate'),
});
export type VehicleListQuery = z.input<typeof vehicleListQuery>;

/** The paged answer; the name the fleet lists were written with (`pageOf` in common.ts). */
export const listOf = pageOf;

export const driverInput = z.object({
  name: text('Name', 120),
  email: emailField('Please enter a valid email address'),
  phone: z.string().trim().max(30, 'Phone must be at most 30 characters').nullish(),
  licenseNumber: text('License number', 40),
  status: z.enum(DRIVER_STATUSES, { error: 'Status must be active, inactive or on leave' }).default('active'),
  assignedVehicleId: z.uuid({ error: 'Choose a vehicle from the list' }).nullish(),
});
export type DriverInput = z.input<typeof driverInput>;

export const driver = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  licenseNumber: z.string(),
  status: z.enum(DRIVER_STATUSES),
  assignedVehicle: z
    .object({ id: z.string(), make: z.string(), model: z.string(), licensePlate: z.string() })
    .nullable(),
  createdAt: z.string(),
});
export type Driver = z.infer<typeof driver>;

export const DRIVER_SORTS = ['name', '-name', 'createdAt', '-createdAt'] as const;

export const driverListQuery = pagedQuery({
  search: searchField,
  status: z.enum(DRIVER_STATUSES).optional(),
  sort: sortField(DRIVER_SORTS, 'name'),
});

export const maintenanceInput = z
  .object({
    vehicleId: z.uuid({ error: 'Choose a vehicle' }),
    type: text('Type', 80),
    dueDate: dayField('Due date').nullish(),
    dueMileage: milesField('Due mileage', 0, MAX_MILEAGE).nullish(),
    cost: z.coerce
      .number({ error: 'Cost must be a number' })
      .min(0, 'Cost cannot be negative')
      .max(1_000_000, 'Cost is too large')
      .nullish(),
    notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').nullish(),
  })
  .refine((m) => !!m.dueDate || (m.dueMileage !== null && m.dueMileage !== undefined), {
    message: 'Give a due date, a due mileage, or both',
    path: ['dueDate'],
  });
export type MaintenanceInput = z.input<typeof maintenanceInput>;

export const completeMaintenanceRequest = z.object({
  completedDate: dayField('Completed date').optional(),
  cost: z.coerce.number().min(0, 'Cost cannot be negative').max(1_000_000).nullish(),
  notes: z.string().trim().max(1000).nullish(),
  /** Schedule the next service of the same type. */
  next: z
    .object({
      dueDate: dayField('Next due date').nullish(),
      dueMileage: milesField('Next due mileage', 0, MAX_MILEAGE).nullish(),
    })
    .refine((n) => !!n.dueDate || (n.dueMileage !== null && n.dueMileage !== undefined), {
      message: 'Give the next due date, due mileage, or both',
      path: ['dueDate'],
    })
    .nullish(),
});

export const MAINTENANCE_STATES = ['overdue', 'scheduled', 'completed'] as const;

export const maintenanceRecord = z.object({
  id: z.string(),
  vehicle: z.object({
    id: z.string(),
    make: z.string(),
    model: z.string(),
    licensePlate: z.string(),
    mileage: z.number(),
  }),
  type: z.string(),
  dueDate: z.string().nullable(),
  dueMileage: z.number().nullable(),
  cost: z.number().nullable(),
  notes: z.string().nullable(),
  completedDate: z.string().nullable(),
  state: z.enum(MAINTENANCE_STATES),
  createdAt: z.string(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecord>;

export const maintenanceListQuery = pagedQuery({
  search: searchField,
  state: z.enum(MAINTENANCE_STATES).optional(),
  vehicleId: z.uuid().optional(),
});

/**
 * GET /api/fleet/overview. A section behind a feature access switch that is off is null, not empty
 * (docs/feature-access.md): the status breakdown and recent changes (reporting & analytics), due
 * maintenance (maintenance scheduling), drivers without a vehicle (driver management). The total and
 * the plan's usage are always there.
 */
export const fleetOverview = z.object({
  vehicles: z.object({
    active: z.number().nullable(),
    maintenance: z.number().nullable(),
    inactive: z.number().nullable(),
    retired: z.number().nullable(),
    /** Vehicles counted against the plan (every status but retired), as every screen counts them. */
    total: z.number(),
  }),
  dueMaintenance: z.array(maintenanceRecord).nullable(),
  overdueCount: z.number().nullable(),
  driversWithoutVehicle: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  driversWithoutVehicleCount: z.number().nullable(),
  recentChanges: z
    .array(
      z.object({
        id: z.string(),
        action: z.string(),
        resourceType: z.string(),
        summary: z.string(),
        actorEmail: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
  usage: z.object({
    planId: z.string().nullable(),
    planName: z.string().nullable(),
    vehicles: z.number(),
    vehicleLimit: z.number().nullable(),
    users: z.number(),
    userLimit: z.number().nullable(),
  }),
  canManageAccount: z.boolean(),
});
export type FleetOverview = z.infer<typeof fleetOverview>;

export const teamMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(TEAM_ROLES),
  isOwner: z.boolean(),
  status: z.enum(['active', 'invited']),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const inviteTeamMemberRequest = z.object({
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  email: emailField('Please enter a valid email address'),
  role: z.enum(TEAM_ROLES, { error: 'Role must be fleet_admin or fleet_user' }).default('fleet_user'),
});

export const teamList = z.object({
  members: z.array(teamMember),
  users: z.number(),
  userLimit: z.number().nullable(),
  planName: z.string().nullable(),
});

export const inviteResponse = z.object({
  success: z.literal(true),
  member: teamMember,
  /** Says where the temporary password went: by email to the member, never in this answer. */
  message: z.string(),
  /** What became of that email (the account admin sees it; no outbox link on the customer side). */
  delivery: emailDelivery,
});

/** CSV columns of vehicle import and export, in this order. */
export const VEHICLE_CSV_COLUMNS = [
  'make',
  'model',
  'year',
  'vin',
  'licensePlate',
  'status',
  'mileage',
  'fuelLevel',
  'location',
] as const;
export const DRIVER_CSV_COLUMNS = [
  'name',
  'email',
  'phone',
  'licenseNumber',
  'status',
  'assignedVehicle',
] as const;

export const IMPORT_MAX_BYTES = 2_000_000;
export const IMPORT_CHUNK_ROWS = 200;

export const importPreviewRequest = z.object({
  csv: z.string().min(1, 'The file is empty').max(IMPORT_MAX_BYTES, 'The file is larger than 2 MB'),
});
export const importPreviewResponse = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      values: z.record(z.string(), z.string()),
      errors: z.record(z.string(), z.string()),
    }),
  ),
  valid: z.number(),
  invalid: z.number(),
  missingColumns: z.array(z.string()),
  /** How many more vehicles the plan allows (null: unlimited). */
  remaining: z.number().nullable(),
  planName: z.string().nullable(),
});
export const importCommitRequest = z.object({
  vehicles: z.array(vehicleInput).min(1).max(IMPORT_CHUNK_ROWS),
});
export const importCommitResponse = z.object({ success: z.literal(true), created: z.number() });

/* Answers of the fleet calls, as the client parses them (the routes declare the same shapes). */
export const vehiclePage = listOf(vehicle);
export const driverPage = listOf(driver);
export const maintenancePage = listOf(maintenanceRecord);
export const vehicleSaved = z.object({ success: z.literal(true), vehicle });
export const driverSaved = z.object({ success: z.literal(true), driver });
export const maintenanceSaved = z.object({ success: z.literal(true), record: maintenanceRecord });
export const maintenanceCompleted = maintenanceSaved.extend({ next: maintenanceRecord.nullable() });
/** A list's parameters as the client sends them (parsed, so every default is filled in). */
export type VehicleListParams = z.output<typeof vehicleListQuery>;
export type DriverListParams = z.output<typeof driverListQuery>;
export type MaintenanceListParams = z.output<typeof maintenanceListQuery>;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];
export type ImportPreview = z.infer<typeof importPreviewResponse>;
export type TeamList = z.infer<typeof teamList>;
export type InviteResult = z.infer<typeof inviteResponse>;

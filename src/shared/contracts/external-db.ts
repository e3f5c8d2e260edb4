import { z } from 'zod';
import { backgroundJob } from './background-jobs';
import { customerForm } from './staff-customers';
import { CUSTOMER_STATUSES } from '../statuses';
import { createUserRequest } from './team';

/**
 * External Database (docs/external-db.md): the connection test and the two imports
 * from the external system's `GET /api/customers` and `GET /api/users`.
 */

/** Background job kinds (one running import of each at a time, on every instance). */
export const EXTERNAL_DB_JOB_KINDS = {
  customers: 'external-db:customers',
  users: 'external-db:users',
} as const;
export type ExternalDbImport = keyof typeof EXTERNAL_DB_JOB_KINDS;
export const EXTERNAL_DB_IMPORTS = Object.keys(EXTERNAL_DB_JOB_KINDS) as ExternalDbImport[];

/** The most rows one import takes: a larger source is refused whole, before anything is written. */
export const EXTERNAL_DB_MAX_ROWS = 10_000;
/**
 * The most bytes one row may take in the source's answer: the row cap bounds rows, not bytes, and a
 * row is held whole while it is parsed, so one huge row would otherwise grow memory without limit.
 */
export const EXTERNAL_DB_MAX_ROW_BYTES = 64 * 1024;
/** The most bytes one answer may take: about 16 KB a row at the row cap (160 MB). */
export const EXTERNAL_DB_MAX_BODY_BYTES = 160 * 1024 * 1024;

/** The warning of a server with no external database. */
export const NOT_CONFIGURED_MESSAGE =
  'External database is not configured. Set the EXTERNAL_DB_URL and EXTERNAL_DB_API_KEY environment variables, or save the External database URL and API key in System Settings → API Keys.';

/**
 * `GET /api/admin/external-db/status`: the connection test (`success`, `enabled`, `message`),
 * plus the newest import of each kind so a screen opened mid-run or later shows it.
 */
export const externalDbStatus = z.object({
  /** The external system answered its health check. */
  success: z.boolean(),
  /** A URL and an API key are configured (environment or API settings). */
  enabled: z.boolean(),
  message: z.string(),
  jobs: z.object({ customers: backgroundJob.nullable(), users: backgroundJob.nullable() }),
});
export type ExternalDbStatus = z.infer<typeof externalDbStatus>;

export const externalDbJobParams = z.object({ id: z.string().max(100) });

/** Statuses an imported customer may start in; suspending or cancelling is done in Customers. */
export const IMPORT_CUSTOMER_STATUSES = [
  'active',
  'pending',
] as const satisfies readonly (typeof CUSTOMER_STATUSES)[number][];
export const IMPORT_CUSTOMER_STATUS_MESSAGE =
  'Imported customers start active or pending; suspend or cancel them in Customers';

/**
 * One row of `GET /api/customers`, checked with the staff Add Customer form's own fields. Fields the
 * source leaves out are not its to set: a new customer takes the form's defaults (country US, status
 * active, the starter plan), an existing one keeps what it has. Unknown keys are ignored.
 */
export const externalCustomerRow = customerForm
  .pick({
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    companyName: true,
    address: true,
    city: true,
    state: true,
    zipCode: true,
  })
  .extend({
    country: customerForm.shape.country.optional(),
    planId: z.string().trim().max(60, 'Plan id must be at most 60 characters').optional(),
    status: z.enum(IMPORT_CUSTOMER_STATUSES, { error: IMPORT_CUSTOMER_STATUS_MESSAGE }).optional(),
  });
export type ExternalCustomerRow = z.infer<typeof externalCustomerRow>;

/** Roles an import may give: never admin or root, which only Team Management grants. */
export const IMPORT_USER_ROLES = ['sales', 'manager'] as const;
export const IMPORT_USER_ROLE_MESSAGE =
  'Imported users may be sales or manager; admin and root are given in Team Management';

/**
 * One row of `GET /api/users`, checked with Team Management's Create user fields. Phone and address
 * are optional here (the source may not hold them) but must be valid when given.
 */
export const externalUserRow = createUserRequest
  .pick({ email: true, firstName: true, lastName: true })
  .extend({
    phone: createUserRequest.shape.phone.optional(),
    address: createUserRequest.shape.address.optional(),
    role: z.enum(IMPORT_USER_ROLES, { error: IMPORT_USER_ROLE_MESSAGE }).default('sales'),
  });
export type ExternalUserRow = z.infer<typeof externalUserRow>;

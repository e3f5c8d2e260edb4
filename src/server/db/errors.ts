/**
 * PostgreSQL's error fields (SQLSTATE `code`, `constraint`), whether the driver error arrives as it
 * is or wrapped by Drizzle (which puts the driver's error in `cause`). Both drivers (node-postgres
 * and PGlite) report the same fields.
 */
export type DatabaseErrorInfo = { code: string; constraint: string | undefined };

export function databaseErrorOf(error: unknown): DatabaseErrorInfo | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === '23505';
}

/**
 * What a user is told when a write loses a race to another one with the same unique value. Only
 * our own words: the driver's detail text quotes the values and never reaches an answer.
 */
const UNIQUE_MESSAGES: Record<string, string> = {
  payment_methods_ref_key: 'This card is already on file.',
  payment_methods_one_default: 'Another change to your cards is in progress. Please try again.',
  customer_logins_pkey: 'This email already has a Motorpool account.',
  customers_email_key: 'This email already has a Motorpool account.',
  team_members_email_key: 'This email already has a Motorpool account.',
  staff_users_email_key: 'A team member with this email already exists.',
  subscriptions_customer_key: 'This account already has a subscription.',
  vehicles_customer_vin_key: 'A vehicle with this VIN already exists.',
  vehicles_customer_plate_key: 'A vehicle with this license plate already exists.',
  drivers_vehicle_key: 'This vehicle already has a driver assigned.',
  plans_pkey: 'A plan with this ID already exists.',
};

export const DUPLICATE_RECORD_MESSAGE = 'This record already exists.';

export function uniqueViolationMessage(constraint: string | undefined): string {
  return (constraint && UNIQUE_MESSAGES[constraint]) || DUPLICATE_RECORD_MESSAGE;
}

/** A transaction PostgreSQL aborted to resolve a conflict with another: a deadlock or a serialization failure. */
export function isTransactionConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

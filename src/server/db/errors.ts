/**
 * PostgreSQL's unique_violation (23505), whether the driver error arrives as it is or wrapped by
 * Drizzle (which puts the driver's error in `cause`).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * How the fleet's writes open their transaction (`inTransaction`'s options). Their triggers keep shared
 * figures: the account's (migration 0031) and the Fleet Control Center's (0027). Two writers of one
 * account (a vehicle deleted with its records while another's odometer moves) can take those rows in
 * opposite orders; PostgreSQL then aborts one, and it runs again rather than answering "try again".
 * The work touches nothing outside the database.
 */
export const FLEET_WRITE = { retryConflicts: 3 } as const;

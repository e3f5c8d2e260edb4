/*
 * The root of every staff customer query (the customers tab's list, its figures, an open customer).
 * The customers area keys its queries under it; other screens whose changes make customers stale (the
 * external database import) invalidate it without reaching into that area's files.
 */
export const staffCustomersKey = ['staff-customers'] as const;

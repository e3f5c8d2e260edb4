/**
 * Whether `text` is a UUID, in either case: checked before a uuid column is compared with user input, so
 * a malformed id is "not found" (or matches nothing) rather than PostgreSQL's invalid-input error.
 */
export const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

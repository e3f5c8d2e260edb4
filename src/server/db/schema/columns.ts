import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const randomId = () => uuid('id').primaryKey().defaultRandom();
/** Every moment this schema stores carries its time zone: one recipe, so no column can forget it. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownedBy } from './account-columns';
import { randomId, timestamptz, createdAt, updatedAt } from './columns';

// The people of a customer account: its invited team members and the emails that sign in to it.

/** People the account owner invited; with the owner they count against the plan's user limit. */
export const teamMembers = pgTable(
  'team_members',
  {
    id: randomId(),
    customerId: ownedBy(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull().default('fleet_user'),
    passwordHash: text('password_hash'),
    /** Invited with a generated password until the member sets their own. */
    isPasswordSet: boolean('is_password_set').notNull().default(false),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('team_members_email_key').on(sql`lower(${t.email})`),
    index('team_members_customer_idx').on(t.customerId),
  ],
);

/**
 * Every email a customer signs in with, the account owner's and each team member's, kept by
 * triggers on `customers` and `team_members` (migration 0005): the primary key is what makes one
 * email sign in to one account, whatever the order or timing of sign-ups and invitations.
 */
export const customerLogins = pgTable(
  'customer_logins',
  {
    email: text('email').primaryKey(),
    customerId: ownedBy(),
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('customer_logins_customer_idx').on(t.customerId)],
);

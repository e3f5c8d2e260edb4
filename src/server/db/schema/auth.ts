import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { randomId, createdAt } from './columns';
import { customers } from './customers';
import { staffUsers } from './staff';
import { teamMembers } from './team';

// Sign-in: sessions, impersonation passes, failure counters, proof-of-work challenges and password resets.

/** Server-side sessions; `id` is the SHA-256 of the token, so a leaked table does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Set when a team member (not the account owner) signed in; customer_id is their account. */
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The session ends once it has been unused this long (null: only `expires_at` ends it). */
    idleTimeoutSeconds: integer('idle_timeout_seconds'),
    /** Set on a session staff opened into this account (impersonation): who is really acting. */
    impersonatorStaffId: uuid('impersonator_staff_id').references(() => staffUsers.id, {
      onDelete: 'cascade',
    }),
    /** The session this one was made from (auto-login from the fleet CRM): ending the parent ends it. */
    parentId: text('parent_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_parent_idx').on(t.parentId),
    index('sessions_staff_idx').on(t.staffUserId),
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A one-time pass for a staff member into one customer's fleet app (docs/impersonation.md).
 * Only the SHA-256 of the token is kept; `used_at` makes it single-use.
 */
export const impersonationTokens = pgTable(
  'impersonation_tokens',
  {
    id: randomId(),
    tokenDigest: text('token_digest').notNull(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('impersonation_tokens_digest_key').on(t.tokenDigest)],
);

/**
 * Failure counters shared by every instance (sign-in, password checks, checkout payments): one row
 * per scope and subject, counting within a window that starts at the first failure.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.subject] }),
    index('attempt_counters_window_idx').on(t.windowStartedAt),
  ],
);

/** Proof-of-work challenges handed out after too many failed sign-ins; each is used at most once. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    difficulty: integer('difficulty').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * "Forgot password?" links (docs/password-reset.md): single use, one hour. Only the SHA-256 of the token
 * is kept, so the table does not hold a usable link.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** Set when the password is a team member's (customer_id is then their account). */
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_customer_idx').on(t.customerId),
    index('password_reset_tokens_staff_idx').on(t.staffUserId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

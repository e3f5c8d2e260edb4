import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownedBy, ownedByIfAny } from './account-columns';
import { randomId, timestamptz, createdAt } from './columns';
import { ofStaff } from './staff-columns';
import { teamMembers } from './team';

// Sign-in: sessions, impersonation passes, failure counters, proof-of-work challenges and password resets.

/** Server-side sessions; `id` is the SHA-256 of the token, so a leaked table does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    staffUserId: ofStaff('staff_user_id'),
    customerId: ownedByIfAny(),
    /** Set when a team member (not the account owner) signed in; customer_id is their account. */
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** The session ends once it has been unused this long (null: only `expires_at` ends it). */
    idleTimeoutSeconds: integer('idle_timeout_seconds'),
    /** Set on a session staff opened into this account (impersonation): who is really acting. */
    impersonatorStaffId: ofStaff('impersonator_staff_id'),
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
    staffUserId: ofStaff('staff_user_id').notNull(),
    customerId: ownedBy(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
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
    windowStartedAt: timestamptz('window_started_at').notNull(),
    lastFailureAt: timestamptz('last_failure_at').notNull(),
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
    expiresAt: timestamptz('expires_at').notNull(),
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
    customerId: ownedByIfAny(),
    staffUserId: ofStaff('staff_user_id'),
    /** Set when the password is a team member's (customer_id is then their account). */
    teamMemberId: uuid('team_member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_reset_tokens_customer_idx').on(t.customerId),
    index('password_reset_tokens_staff_idx').on(t.staffUserId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

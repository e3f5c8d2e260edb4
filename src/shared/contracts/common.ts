import { z } from 'zod';
import { isDay } from '../days';
import type { EnforcedFeature } from '../feature-access';
import type { AdminTab, PermissionFlag } from '../roles';

/** Every non-2xx answer: `{message}`; validation failures also carry one message per field. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  errorType: z.string().optional(),
  success: z.literal(false).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successResponse = z.object({ success: z.boolean(), message: z.string().optional() });

/** Trimmed text with a required and a maximum length, each with its own message. */
export function requiredText(message: string, max = 200, tooLong = `Must be at most ${max} characters`) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong);
}

export const emailField = (message = 'Invalid email address') =>
  z.string({ error: message }).trim().toLowerCase().max(254, 'Email is too long').email(message);

/**
 * Paging (docs/architecture.md "Conventions"): every list that can grow takes `page` and `pageSize` (plus its
 * own `search`, `sort` and filters) and answers `{items, total, page, pageSize}`. The limits are
 * options so each list keeps the bounds its clients were given.
 */
export type PagingOptions = { defaultPageSize?: number; maxPageSize?: number; maxPage?: number };

export const pageFields = ({
  defaultPageSize = 25,
  maxPageSize = 100,
  maxPage = 100_000,
}: PagingOptions = {}) => ({
  page: z.coerce.number().int().min(1).max(maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});

/** Free-text search of a list; what it matches is the list's own business. */
export const searchField = z.string().trim().max(100).optional();

/** A sort key from the list's own set (`name` ascending, `-name` descending), with its default. */
export const sortField = <const S extends readonly [string, ...string[]]>(sorts: S, defaultSort: S[number]) =>
  z.enum(sorts).default(defaultSort);

/** The query of a paged list: page and pageSize, then the list's search, sort and filters. */
export function pagedQuery<F extends z.ZodRawShape>(fields: F, options: PagingOptions = {}) {
  return z.object({ ...pageFields(options), ...fields });
}

/**
 * The answer of a paged list. `totalCapped`: counting stopped at `total` (a list of a million rows counts
 * no further than its cap, src/server/db/bounded-count.ts), so the screen says "10,000+" and lets the
 * user page on past it.
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    totalCapped: z.boolean().optional(),
    page: z.number(),
    pageSize: z.number(),
  });
export type Page<T> = { items: T[]; total: number; totalCapped?: boolean; page: number; pageSize: number };
export type PageRequest = { page: number; pageSize: number };
/** How many rows match: a number, or a count that stopped at its cap (`countUpTo`). */
export type PageTotal = number | { total: number; capped: boolean };

/** Rows to skip before the requested page. */
export const pageOffset = (request: PageRequest) => (request.page - 1) * request.pageSize;

export const toPage = <T>(request: PageRequest, items: T[], count: PageTotal): Page<T> => {
  const { total, capped } = typeof count === 'number' ? { total: count, capped: false } : count;
  return {
    items,
    total,
    ...(capped ? { totalCapped: true } : {}),
    page: request.page,
    pageSize: request.pageSize,
  };
};

/**
 * Named access rules for routes (docs/architecture.md "Conventions"; checked by server/auth/access.ts). They
 * are the same declarations under one name each, so the access snapshot reads as before.
 */
export const access = {
  /** Anyone; the handler may still answer more to a signed-in user. */
  public: { public: true },
  /** Anyone signed in to a customer account: the owner or a team member. */
  customer: { customer: true },
  /**
   * Anyone of the account, while each of these feature access switches of the account is on
   * (docs/feature-access.md): the fleet app's vehicles, drivers, maintenance and reports.
   */
  customerFeature: <const F extends readonly EnforcedFeature[]>(...features: F) => ({
    customer: true as const,
    features,
  }),
  /** A fleet admin of the account: team, billing and plan. */
  fleetAdmin: { customer: 'fleet_admin' },
  /**
   * A fleet admin acting in person, never staff viewing the account (docs/impersonation.md): billing,
   * plan, payment methods and who may sign in (team invitations hand out a password).
   */
  accountAdmin: { customer: 'fleet_admin', noImpersonation: true },
  /** Anyone of the account changing their own credentials (password), never staff viewing it. */
  ownCredentials: { customer: true, noImpersonation: true },
  /** The account owner in person: the account itself (export, delete); never staff viewing it. */
  owner: { customer: 'owner', noImpersonation: true },
  /** Any signed-in staff user. */
  staff: { staff: true },
  /** Any signed-in staff user, also while still on a password they were given (session, set password). */
  staffBeforePasswordSet: { staff: true, beforePasswordSet: true },
  /** Staff whose role opens this admin tab. */
  staffTab: <const T extends AdminTab>(tab: T) => ({ tab }),
  /** Staff whose role opens this admin tab and who hold this permission. */
  staffPermission: <const T extends AdminTab, const P extends PermissionFlag>(tab: T, permission: P) => ({
    tab,
    permission,
  }),
} as const;

/**
 * A calendar day typed as YYYY-MM-DD. The pattern alone lets 2027-13-40 through to the database, and
 * Date.parse rolls 2027-02-30 over to March 2: a day must be one of the calendar's.
 */
export const dayField = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isDay, `${label} must be a real date`);

import { z } from 'zod';
import { AUDIT_CATEGORIES } from '../audit-categories';
import { isDay } from '../days';
import { pagedQuery, pageOf, searchField, sortField } from './common';

/**
 * The Audit Logs tab, the real audit trail (docs/product-rules.md "Real figures only"; filters in
 * docs/audit-logs.md). Calls: `GET /api/admin/audit-logs` (a page), `GET /api/admin/audit-logs/export` (every
 * matching row as CSV), `GET /api/admin/audit/verify` (the hash chain). Definitions: docs/audit-logs.md.
 */

/**
 * The five resources the screen has always named first, then the rest; the filter takes any of them
 * (docs/audit-logs.md, "Categories and resources").
 */
export const AUDIT_RESOURCES = [
  'customer',
  'user',
  'payment',
  'settings',
  'authentication',
  'subscription',
  'plan',
  'invoice',
  'vehicle',
  'driver',
  'maintenance',
  'team_member',
  'payment_method',
  'session',
  'request',
  'audit_log',
  'system_alert',
  'support_ticket',
  'crm',
  'external_db_import',
] as const;

export const AUDIT_ACTOR_TYPES = ['staff', 'customer', 'system', 'anonymous'] as const;

export const AUDIT_SORTS = ['createdAt', '-createdAt', 'action', '-action', 'actor', '-actor'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** The list shows at most this many characters of a user agent. */
export const USER_AGENT_LIST_CHARS = 50;
/** A token preview shows at most this many characters. */
export const TOKEN_PREVIEW_CHARS = 12;
/** Counting stops here: past it the answer says `totalCapped` and the screen "10,000+". */
export const AUDIT_COUNT_CAP = 10_000;

/** The years a date filter takes: PostgreSQL refuses year 0, and 9999-12-31 plus a day overflows. */
export const AUDIT_YEARS = { min: 1970, max: 9998 } as const;

/** A day that is on the calendar (2025-02-30 and 2025-13-45 are not), within `AUDIT_YEARS`. */
const day = (label: string) => {
  const message = `${label} must be a date (YYYY-MM-DD)`;
  return z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isDay, message)
    .refine((s) => {
      const year = Number(s.slice(0, 4));
      return year >= AUDIT_YEARS.min && year <= AUDIT_YEARS.max;
    }, `${label} must be between ${AUDIT_YEARS.min} and ${AUDIT_YEARS.max}`)
    .optional();
};

const filterFields = {
  search: searchField,
  category: z
    .enum(AUDIT_CATEGORIES, {
      error: 'Action must be login, logout, create, update, delete, export or view',
    })
    .optional(),
  resource: z
    .string()
    .trim()
    .max(50)
    .regex(/^[a-z_]+$/, 'Resource must be a resource name such as customer or payment')
    .optional(),
  actorType: z
    .enum(AUDIT_ACTOR_TYPES, { error: 'Actor must be staff, customer, system or anonymous' })
    .optional(),
  /** One actor, by email (case-insensitive, exact). */
  actor: z.string().trim().toLowerCase().max(254).optional(),
  success: z.enum(['true', 'false'], { error: 'Outcome must be true or false' }).optional(),
  /** First day included (UTC, YYYY-MM-DD). */
  from: day('From'),
  /** Last day included (UTC, YYYY-MM-DD). */
  to: day('To'),
  sort: sortField(AUDIT_SORTS, '-createdAt'),
};

const notBackwards = <T extends { from?: string; to?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
  }
};

export const auditListQuery = pagedQuery(filterFields, { maxPage: 10_000 }).superRefine(notBackwards);
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditExportQuery = z.object(filterFields).superRefine(notBackwards);
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

export const auditLogEntry = z.object({
  id: z.number(),
  timestamp: z.string(),
  actorType: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  accountId: z.string().nullable(),
  action: z.string(),
  category: z.enum(AUDIT_CATEGORIES),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  oldValues: z.unknown().nullable(),
  newValues: z.unknown().nullable(),
  ipAddress: z.string().nullable(),
  /** Cut to 50 characters in the list (`userAgentFull` has the whole). */
  userAgent: z.string().nullable(),
  userAgentFull: z.string().nullable(),
  success: z.boolean(),
  /** Position in the hash chain; null until the sealer reaches the row (seconds). */
  chainSeq: z.number().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogPage = pageOf(auditLogEntry).extend({
  /** True when `total` stopped at the cap: there are at least that many. */
  totalCapped: z.boolean(),
});
export type AuditLogPage = z.infer<typeof auditLogPage>;

export const auditVerifyResult = z.object({
  ok: z.boolean(),
  /** Sealed rows checked. */
  checked: z.number(),
  headSeq: z.number(),
  floorSeq: z.number(),
  /** Rows written since the last seal (sealed before the walk, so normally 0). */
  unsealed: z.number(),
  /** The first problem found, or null. */
  problem: z
    .object({
      kind: z.enum(['altered', 'removed', 'head', 'floor']),
      /** The chain position concerned, and the row id when a row is there. */
      chainSeq: z.number(),
      rowId: z.number().nullable(),
      message: z.string(),
    })
    .nullable(),
  verifiedAt: z.string(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifyResult>;

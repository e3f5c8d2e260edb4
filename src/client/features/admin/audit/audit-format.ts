import { AUDIT_CATEGORIES, type AuditCategory } from '@shared/audit-categories';
import { AUDIT_ACTOR_TYPES, AUDIT_RESOURCES } from '@shared/contracts/audit';

const words = (s: string) => s.replaceAll('_', ' ');
const title = (s: string) => words(s).replace(/^./, (c) => c.toUpperCase());

export const CATEGORY_OPTIONS = AUDIT_CATEGORIES.map((value: AuditCategory) => ({
  value,
  label: title(value),
}));
export const RESOURCE_OPTIONS = AUDIT_RESOURCES.map((value) => ({ value, label: title(value) }));
export const ACTOR_OPTIONS = AUDIT_ACTOR_TYPES.map((value) => ({ value, label: title(value) }));
export const OUTCOME_OPTIONS = [
  { value: 'true', label: 'Succeeded' },
  { value: 'false', label: 'Failed' },
] as const;

export const actionLabel = (action: string) => words(action);

/** A value as the diff shows it: text as is, anything else as compact JSON. */
export function shown(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export type DiffLine = { key: string; before: unknown; after: unknown; changed: boolean };

/**
 * Old and new values side by side, one line per field of either; fields whose value moved first. A
 * value that is not an object (or absent) is one line named "value".
 */
export function diffOf(oldValues: unknown, newValues: unknown): DiffLine[] {
  const asRecord = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : v === null || v === undefined
        ? {}
        : { value: v };
  const before = asRecord(oldValues);
  const after = asRecord(newValues);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const lines = keys.map((key) => ({
    key,
    before: before[key],
    after: after[key],
    changed: shown(before[key]) !== shown(after[key]),
  }));
  return [...lines.filter((l) => l.changed), ...lines.filter((l) => !l.changed)];
}

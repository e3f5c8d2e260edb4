import type { MaintenanceRecord } from '@shared/contracts/fleet';
import { formatDistance, fromMiles, type DistanceUnit } from '@shared/distance';

/** Dates, distances and money of the maintenance screens. Due dates are calendar days (YYYY-MM-DD). */

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD (not through UTC, which can be tomorrow or yesterday). */
export function toYmd(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayYmd(): string {
  return toYmd(new Date());
}

function parseYmd(ymd: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The same day `months` later; the 31st of a shorter month becomes its last day. */
export function addMonths(ymd: string, months: number): string {
  const date = parseYmd(ymd) ?? new Date();
  const day = date.getDate();
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(day, last));
  return toYmd(target);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export function formatDay(ymd: string): string {
  const date = parseYmd(ymd);
  return date ? dateFormat.format(date) : ymd;
}

/** Whole days from a calendar date to today; positive when it is past. */
export function daysPast(ymd: string, today = new Date()): number {
  const due = parseYmd(ymd);
  if (!due) return 0;
  const now = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((now.getTime() - due.getTime()) / 86_400_000);
}

/** How far a vehicle is past its due mileage, in the unit: "1,200 mi" (null when not past it). */
export function pastDue(record: MaintenanceRecord, unit: DistanceUnit): string | null {
  if (record.dueMileage === null || record.vehicle.mileage < record.dueMileage) return null;
  const over = record.vehicle.mileage - record.dueMileage;
  return fromMiles(over, unit) > 0 ? formatDistance(over, unit) : null;
}

/** Why an overdue record is overdue: "3 days overdue", "1,200 mi over" (in the unit), or both. */
export function overdueText(record: MaintenanceRecord, unit: DistanceUnit, today = new Date()): string {
  const parts: string[] = [];
  if (record.dueDate) {
    const days = daysPast(record.dueDate, today);
    if (days > 0) parts.push(`${days} ${days === 1 ? 'day' : 'days'} overdue`);
  }
  const over = pastDue(record, unit);
  if (over) parts.push(`${over} over`);
  else if (record.dueMileage !== null && record.vehicle.mileage >= record.dueMileage)
    parts.push('due mileage reached');
  return parts.join(' · ') || 'Overdue';
}

/** Service types offered as suggestions; any other text is fine too. */
export const MAINTENANCE_TYPES = [
  'Oil change',
  'Tire rotation',
  'Brake inspection',
  'Annual inspection',
  'Battery check',
  'Transmission service',
  'Coolant flush',
  'Air filter replacement',
] as const;

/** The usual interval before the next service: six months, or 5,000 miles (8,000 km where km are used). */
export const NEXT_SERVICE_MONTHS = 6;
export const NEXT_SERVICE_DISTANCE: Record<DistanceUnit, number> = { miles: 5_000, kilometers: 8_000 };

/** The cost box of the maintenance forms: dollars and cents, never negative. */
export const COST_INPUT = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;

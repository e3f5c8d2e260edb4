import { z } from 'zod';

/**
 * Distances (mileage, due mileage) in the account's unit. The API and the database speak miles; the
 * fleet app shows and accepts whole numbers in the unit the account's Settings choose, and converts with
 * the exact international mile (1 mi = 1.609344 km).
 *
 * Exact round trip: a whole number of kilometres is sent as miles rounded to MILE_DECIMALS (3) places and
 * stored as numeric(12,3). The rounding moves the value by at most 0.0005 mi = 0.0008 km, far under the
 * half kilometre that would change the whole number shown back, so 102 km is stored as 63.380 mi and
 * shows again as 102 km. Whole miles stay whole miles.
 */

export type DistanceUnit = 'miles' | 'kilometers';

export const KM_PER_MILE = 1.609344;
/** The miles the API takes and the database keeps: three decimals (a thousandth of a mile, 1.6 m). */
export const MILE_DECIMALS = 3;

const SCALE = 10 ** MILE_DECIMALS;

/** Rounds to the thousandth of a mile the database keeps. */
export const roundMiles = (miles: number): number => Math.round(miles * SCALE) / SCALE;

/** Whole units of the account's unit → miles as the API takes them. */
export function toMiles(value: number, unit: DistanceUnit): number {
  return unit === 'miles' ? value : roundMiles(value / KM_PER_MILE);
}

/** Stored miles → the whole number the account's unit shows. */
export function fromMiles(miles: number, unit: DistanceUnit): number {
  return Math.round(unit === 'miles' ? miles : miles * KM_PER_MILE);
}

export const unitSuffix = (unit: DistanceUnit): 'mi' | 'km' => (unit === 'miles' ? 'mi' : 'km');

const numberFormat = new Intl.NumberFormat('en-US');

/** "63,380 mi" or "102,000 km": stored miles in the account's unit, whole, with the suffix. */
export function formatDistance(miles: number, unit: DistanceUnit): string {
  return `${numberFormat.format(fromMiles(miles, unit))} ${unitSuffix(unit)}`;
}

/** The largest whole number of the unit that stays within a limit given in miles. */
export function maxInUnit(maxMiles: number, unit: DistanceUnit): number {
  return unit === 'miles' ? maxMiles : Math.floor(maxMiles * KM_PER_MILE);
}

/** Miles with at most three decimals, as the API takes them (the server's limits stay in miles). */
export function milesField(label: string, min: number, max: number) {
  const range = `${label} must be between ${min} and ${max}`;
  return z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => Math.abs(roundMiles(n) - n) < 1e-9, `${label} must have at most ${MILE_DECIMALS} decimals`)
    .transform(roundMiles)
    .pipe(z.number().min(min, range).max(max, range));
}

/**
 * A form's distance box: the text typed, a whole number in the account's unit, checked against the
 * miles limit shown in that unit, and turned into miles for the API. `initial` is the stored value the
 * box opened with: left as it was, it is sent back unchanged (a box showing 63 mi for 63.380 mi must not
 * round the stored value by saving another field).
 */
export function distanceInput(label: string, unit: DistanceUnit, maxMiles: number, initial?: number | null) {
  const suffix = unitSuffix(unit);
  const max = maxInUnit(maxMiles, unit);
  const range = `${label} must be between 0 and ${numberFormat.format(max)} ${suffix}`;
  const shownInitial = initial === null || initial === undefined ? null : String(fromMiles(initial, unit));
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return null;
      if (shownInitial !== null && text === shownInitial) return initial as number;
      const value = Number(text);
      if (!Number.isFinite(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (!Number.isInteger(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number of ${unit}` });
        return z.NEVER;
      }
      if (value < 0 || value > max) {
        ctx.addIssue({ code: 'custom', message: range });
        return z.NEVER;
      }
      return toMiles(value, unit);
    });
}

/** The text a distance box opens with: stored miles as a whole number of the unit ('' for none). */
export function distanceText(miles: number | null | undefined, unit: DistanceUnit): string {
  return miles === null || miles === undefined ? '' : String(fromMiles(miles, unit));
}

/**
 * A form's schema: its distance boxes (`boxes`, by field) are read in the account's unit and become
 * miles, then the shared contract checks the whole body as the server will. Problems of the boxes show
 * first, in the unit; the contract's follow once they are fixed.
 */
export function withDistanceBoxes<S extends z.ZodType>(boxes: Record<string, z.ZodType>, contract: S) {
  return z.looseObject(boxes).pipe(contract as unknown as z.ZodType<z.output<S>, { [x: string]: unknown }>);
}

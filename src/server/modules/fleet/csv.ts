import Papa from 'papaparse';
import {
  DRIVER_CSV_COLUMNS,
  VEHICLE_CSV_COLUMNS,
  vehicleInput,
  type Driver,
} from '../../../shared/contracts/fleet';
import type { vehicles } from '../../db/schema';
import { unparseCsv } from '../../lib/csv';

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_BY_HEADER = new Map<string, string>(VEHICLE_CSV_COLUMNS.map((c) => [squash(c), c]));

export function vehiclesCsv(rows: (typeof vehicles.$inferSelect)[]): string {
  return unparseCsv(
    rows.map((r) => VEHICLE_CSV_COLUMNS.map((c) => r[c])),
    VEHICLE_CSV_COLUMNS,
  );
}

export function driversCsv(rows: Driver[]): string {
  return unparseCsv(
    rows.map((d) => [
      d.name,
      d.email,
      d.phone,
      d.licenseNumber,
      d.status,
      d.assignedVehicle?.licensePlate ?? '',
    ]),
    DRIVER_CSV_COLUMNS,
  );
}

export type PreviewRow = { line: number; values: Record<string, string>; errors: Record<string, string> };

/**
 * Reads an uploaded vehicle CSV: headers are matched loosely ("License Plate", "license_plate"),
 * every row is checked with the same rules as the vehicle form, and VINs or plates that repeat in
 * the file or already exist in the fleet are flagged on their row.
 */
export function previewVehicleCsv(csv: string, existing: { vins: Set<string>; plates: Set<string> }) {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => COLUMN_BY_HEADER.get(squash(h)) ?? h.trim(),
  });
  const headers = parsed.meta.fields ?? [];
  const missingColumns = ['make', 'model', 'year', 'vin', 'licensePlate'].filter((c) => !headers.includes(c));
  const seenVins = new Map<string, number>();
  const seenPlates = new Map<string, number>();
  const rows: PreviewRow[] = parsed.data.map((raw, index) => {
    const line = index + 2; // the header is line 1
    const values = Object.fromEntries(
      VEHICLE_CSV_COLUMNS.map((c) => [c, (raw[c] ?? '').trim().replace(/^'(?=[=+\-@])/, '')]),
    );
    const errors: Record<string, string> = {};
    const result = vehicleInput.safeParse({
      ...values,
      status: values.status || undefined,
      mileage: values.mileage || undefined,
      fuelLevel: values.fuelLevel || undefined,
      location: values.location || null,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        errors[field] ??= issue.message;
      }
    } else {
      const { vin, licensePlate } = result.data;
      if (existing.vins.has(vin)) errors.vin = 'A vehicle with this VIN is already in your fleet';
      else if (seenVins.has(vin)) errors.vin = `The same VIN is on line ${seenVins.get(vin)}`;
      if (existing.plates.has(licensePlate))
        errors.licensePlate = 'A vehicle with this license plate is already in your fleet';
      else if (seenPlates.has(licensePlate))
        errors.licensePlate = `The same plate is on line ${seenPlates.get(licensePlate)}`;
      seenVins.set(vin, seenVins.get(vin) ?? line);
      seenPlates.set(licensePlate, seenPlates.get(licensePlate) ?? line);
    }
    return { line, values, errors };
  });
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { rows, valid: rows.length - invalid, invalid, missingColumns };
}

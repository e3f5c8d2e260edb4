import {
  VEHICLE_CSV_COLUMNS,
  vehicleInput,
  type ImportPreview,
  type VehicleInput,
} from '@shared/contracts/fleet';

/** The import template: just the header row, in the order the server reads and writes. */
export function templateCsv(): string {
  return `${VEHICLE_CSV_COLUMNS.join(',')}\r\n`;
}

/**
 * The rows the server found valid, converted with the shared schema (as the server will check them
 * again). Blank cells are left out so the schema's defaults (status active, fuel 100 ...) apply.
 */
export function validVehicles(preview: ImportPreview): VehicleInput[] {
  const out: VehicleInput[] = [];
  for (const row of preview.rows) {
    if (Object.keys(row.errors).length > 0) continue;
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(row.values)) {
      if (value.trim() !== '') values[key] = value;
    }
    const parsed = vehicleInput.safeParse(values);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** Splits a list into chunks of at most `size`. */
export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

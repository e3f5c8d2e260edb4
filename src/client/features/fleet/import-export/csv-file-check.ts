import { IMPORT_MAX_BYTES } from '@shared/contracts/fleet';

/** Why a chosen file cannot be imported before it is read (not a CSV, too large), or null. */
export function csvFileProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.csv') && file.type !== 'text/csv') return 'Choose a .csv file.';
  if (file.size > IMPORT_MAX_BYTES) {
    return 'The file is larger than 2 MB. Split it into smaller files and import them one by one.';
  }
  return null;
}

import Papa from 'papaparse';

/** Formula-looking cells are prefixed so a spreadsheet shows them as text (CSV injection). */
export const safeCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** Rows as CSV ending in a line break: one piece of an export streamed header first, then by batch. */
export const csvLines = (rows: unknown[][]) => `${Papa.unparse(rows)}\r\n`;

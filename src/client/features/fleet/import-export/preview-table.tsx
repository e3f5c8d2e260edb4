import { CircleCheckIcon, FileSpreadsheetIcon } from 'lucide-react';
import { VEHICLE_CSV_COLUMNS, type ImportPreview } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';
import { formatNumber } from '../shell/format';
import { templateCsv } from './vehicle-csv';

/** Rows the preview table shows; every invalid row is listed whatever its position. */
const PREVIEW_ROWS = 100;
const PREVIEW_MAX_ROWS = 500;

const COLUMN_HINTS: Record<(typeof VEHICLE_CSV_COLUMNS)[number], string> = {
  make: 'required, e.g. Ford',
  model: 'required, e.g. Transit',
  year: 'required, 1980 to next year',
  vin: 'required, 17 characters without I, O, Q; unique',
  licensePlate: 'required, unique',
  status: 'active, maintenance, inactive or retired (default active)',
  mileage: 'in miles, whatever your distance unit (default 0)',
  fuelLevel: '0 to 100 (default 100)',
  location: 'optional',
};

/** What the file must hold, with a template to start from; open until a file is checked. */
export function ExpectedColumns({ open }: { open: boolean }) {
  return (
    <details className="rounded-lg border bg-muted/30 p-3 text-sm" open={open}>
      <summary className="cursor-pointer font-medium">Expected columns</summary>
      <p className="mt-2 text-muted-foreground">
        The first row names the columns, in any order. Up to 2 MB per file.
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {VEHICLE_CSV_COLUMNS.map((column) => (
          <div key={column} className="contents">
            <dt className="font-mono text-xs leading-5">{column}</dt>
            <dd className="text-muted-foreground">{COLUMN_HINTS[column]}</dd>
          </div>
        ))}
      </dl>
      <Button asChild variant="outline" size="sm" className="mt-3">
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`}
          download="vehicles-template.csv"
        >
          <FileSpreadsheetIcon aria-hidden="true" />
          Download template
        </a>
      </Button>
    </details>
  );
}

/** The checked rows: problems first after the line number, invalid rows marked. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const shown = preview.rows
    .filter((row, index) => index < PREVIEW_ROWS || Object.keys(row.errors).length > 0)
    .slice(0, PREVIEW_MAX_ROWS);
  const hidden = preview.rows.length - shown.length;
  return (
    <div className="grid gap-2">
      <div className="max-h-[28rem] overflow-auto rounded-lg border">
        <Table aria-label="Import preview">
          <TableHeader className="sticky top-0 z-10 bg-card">
            <TableRow className="hover:bg-transparent">
              <TableHead>Line</TableHead>
              {/* Problems come right after the line number, so a phone sees them without scrolling. */}
              <TableHead>Problems</TableHead>
              {VEHICLE_CSV_COLUMNS.map((column) => (
                <TableHead key={column}>{column === 'mileage' ? 'mileage (mi)' : column}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row) => {
              const problems = Object.entries(row.errors);
              const invalid = problems.length > 0;
              return (
                <TableRow
                  key={row.line}
                  className={cn(invalid && 'bg-destructive/10 hover:bg-destructive/15')}
                  data-testid={invalid ? 'import-row-invalid' : 'import-row-valid'}
                >
                  <TableCell className="tabular-nums text-muted-foreground">{row.line}</TableCell>
                  <TableCell className="min-w-48 max-w-72 whitespace-normal">
                    {invalid ? (
                      <ul className="grid gap-0.5 text-xs text-destructive">
                        {problems.map(([field, message]) => (
                          <li key={field}>
                            <span className="font-semibold">{field}</span>: {message}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-xs text-success">
                        <CircleCheckIcon className="size-3.5" aria-hidden="true" />
                        OK
                      </span>
                    )}
                  </TableCell>
                  {VEHICLE_CSV_COLUMNS.map((column) => (
                    <TableCell
                      key={column}
                      className={cn(
                        column === 'vin' ? 'whitespace-nowrap font-mono text-xs' : 'max-w-40 truncate',
                        row.errors[column] && 'font-medium text-destructive underline decoration-wavy',
                      )}
                      title={row.errors[column]}
                    >
                      {row.values[column] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {hidden > 0 ? (
        <p className="text-xs text-muted-foreground">
          {formatNumber(hidden)} more valid {hidden === 1 ? 'row is' : 'rows are'} not shown; they are
          imported too.
        </p>
      ) : null}
    </div>
  );
}

/**
 * CSV files keep the API's format whatever the account's distance unit: mileage in miles (it may have up
 * to three decimals where a value was typed in kilometres).
 */
export function CsvMilesNote() {
  return (
    <span data-testid="csv-miles-note">Mileage in CSV files is in miles, whatever your distance unit.</span>
  );
}

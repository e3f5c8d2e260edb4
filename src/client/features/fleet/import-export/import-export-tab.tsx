import { useRef, useState, type DragEvent } from 'react';
import {
  CircleAlertIcon,
  CircleCheckIcon,
  DownloadIcon,
  FileSpreadsheetIcon,
  LoaderCircleIcon,
  UploadIcon,
  XIcon,
} from 'lucide-react';
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_BYTES, VEHICLE_CSV_COLUMNS } from '@shared/contracts/fleet';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import {
  exportUrl,
  importVehicleChunk,
  limitRefusalOf,
  useImportPreview,
  useInvalidateAfterImport,
  type ImportPreview,
  type LimitRefusal,
} from '../fleet-api';
import { useFleetAccount } from '../shell/fleet-account';
import { formatNumber } from '../shell/format';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { useFleetParams } from '../shell/use-fleet-params';
import { VEHICLE_STATUS_LABELS } from '../vehicles/vehicle-status';
import { chunks, templateCsv, validVehicles } from './vehicle-csv';

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
  mileage: 'whole number (default 0)',
  fuelLevel: '0 to 100 (default 100)',
  location: 'optional',
};

type ImportState =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; created: number }
  | { kind: 'stopped'; created: number; total: number; refusal: LimitRefusal | null; message: string };

function ExportCard() {
  const { filter } = useFleetParams();
  const filtered = filter.search !== '' || filter.status !== '';
  const description = filtered
    ? [
        filter.search ? `matching “${filter.search}”` : null,
        filter.status ? `with status ${VEHICLE_STATUS_LABELS[filter.status]}` : null,
      ]
        .filter(Boolean)
        .join(' and ')
    : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3">Export to CSV</CardTitle>
        <CardDescription>
          {description
            ? `Vehicles ${description}, as filtered on the Vehicles tab: every matching row, not just one page.`
            : 'Every vehicle and every driver of your fleet. Filter the Vehicles tab first to export part of it.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button asChild>
          <a href={exportUrl('vehicles', { search: filter.search, status: filter.status })} download>
            <DownloadIcon aria-hidden="true" />
            Export vehicles
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={exportUrl('drivers', {})} download>
            <DownloadIcon aria-hidden="true" />
            Export drivers
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
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
                <TableHead key={column}>{column}</TableHead>
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

function ImportCard() {
  const { canManageAccount } = useFleetAccount();
  const { update } = useFleetParams();
  const previewCall = useImportPreview();
  const invalidate = useInvalidateAfterImport();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [dragging, setDragging] = useState(false);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const running = state.kind === 'running';

  const reset = () => {
    setFileName(null);
    setFileError(null);
    setPreview(null);
    setState({ kind: 'idle' });
    previewCall.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const readFile = async (file: File) => {
    reset();
    setFileName(file.name);
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      setFileError('Choose a .csv file.');
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError('The file is larger than 2 MB. Split it into smaller files and import them one by one.');
      return;
    }
    const text = await file.text();
    if (!text.trim()) {
      setFileError('The file is empty.');
      return;
    }
    try {
      setPreview(await previewCall.mutateAsync(text));
    } catch (error) {
      setFileError(errorMessageOf(error, 'The file could not be checked. Please try again.'));
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !running) void readFile(file);
  };

  const vehicles = preview ? validVehicles(preview) : [];

  const runImport = async () => {
    const parts = chunks(vehicles, IMPORT_CHUNK_ROWS);
    let created = 0;
    setState({ kind: 'running', done: 0, total: vehicles.length });
    for (const part of parts) {
      try {
        const result = await importVehicleChunk(part);
        created += result.created;
        setState({ kind: 'running', done: created, total: vehicles.length });
      } catch (error) {
        await invalidate();
        setState({
          kind: 'stopped',
          created,
          total: vehicles.length,
          refusal: limitRefusalOf(error),
          message: errorMessageOf(error, 'The import stopped. Please try again.'),
        });
        return;
      }
    }
    await invalidate();
    setState({ kind: 'done', created });
    toast({
      title: 'Import complete',
      description: `${formatNumber(created)} ${created === 1 ? 'vehicle was' : 'vehicles were'} added to your fleet.`,
      variant: 'success',
    });
  };

  const overPlan = preview && preview.remaining !== null && preview.remaining < vehicles.length;

  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3">Import vehicles from CSV</CardTitle>
        <CardDescription>
          Check the file first: nothing is saved until you confirm. Rows with problems are skipped.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <details className="rounded-lg border bg-muted/30 p-3 text-sm" open={!preview}>
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

        <label
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted/50',
            dragging && 'border-primary bg-primary/5',
            running && 'pointer-events-none opacity-50',
          )}
        >
          <UploadIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          <span className="font-medium">{fileName ?? 'Choose a CSV file or drop it here'}</span>
          <span className="text-xs text-muted-foreground">.csv, at most 2 MB</span>
          <input
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="Vehicle CSV file"
            disabled={running}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void readFile(file);
            }}
          />
        </label>

        {previewCall.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Checking the file…
          </p>
        ) : null}
        {fileError ? (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {fileError}
          </p>
        ) : null}

        {preview ? (
          <div className="grid gap-4" data-testid="import-preview">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="success" data-testid="import-valid-count">
                {formatNumber(preview.valid)} valid
              </Badge>
              <Badge
                variant={preview.invalid > 0 ? 'destructive' : 'secondary'}
                data-testid="import-invalid-count"
              >
                {formatNumber(preview.invalid)} with problems
              </Badge>
              <span className="text-muted-foreground" data-testid="import-remaining">
                {preview.remaining === null
                  ? `Your ${preview.planName ?? ''} plan has no vehicle limit.`.replace('  ', ' ')
                  : `Your ${preview.planName ?? ''} plan allows ${formatNumber(preview.remaining)} more ${preview.remaining === 1 ? 'vehicle' : 'vehicles'}.`.replace(
                      '  ',
                      ' ',
                    )}
              </span>
            </div>
            {preview.missingColumns.length > 0 ? (
              <p
                role="alert"
                className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
              >
                Missing columns: {preview.missingColumns.join(', ')}. Add them to the first row (see the
                template).
              </p>
            ) : null}
            {overPlan ? (
              <div className="grid gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
                <p>
                  The file has {formatNumber(vehicles.length)} valid vehicles but your plan allows{' '}
                  {formatNumber(preview.remaining ?? 0)} more. The import stops at the limit.
                </p>
                <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" />
              </div>
            ) : null}
            {preview.rows.length > 0 ? <PreviewTable preview={preview} /> : null}

            {state.kind === 'running' ? (
              <div className="grid gap-1.5" role="status">
                <Progress
                  value={state.done}
                  max={state.total}
                  aria-label={`Imported ${state.done} of ${state.total}`}
                />
                <p className="text-sm text-muted-foreground">
                  Imported {formatNumber(state.done)} of {formatNumber(state.total)}…
                </p>
              </div>
            ) : null}
            {state.kind === 'done' ? (
              <div
                role="status"
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm"
              >
                <p className="flex items-center gap-2 font-medium">
                  <CircleCheckIcon className="size-4 text-success" aria-hidden="true" />
                  Imported {formatNumber(state.created)} {state.created === 1 ? 'vehicle' : 'vehicles'}.
                </p>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    onClick={() => update({ tab: 'vehicles', q: null, status: null, page: null })}
                  >
                    View vehicles
                  </Button>
                  <Button size="sm" variant="outline" onClick={reset}>
                    Import another file
                  </Button>
                </div>
              </div>
            ) : null}
            {state.kind === 'stopped' ? (
              <div
                role="alert"
                className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
              >
                <p className="font-medium text-destructive" data-testid="import-stopped">
                  The import stopped after {formatNumber(state.created)} of {formatNumber(state.total)}{' '}
                  vehicles. {state.message}
                </p>
                {state.refusal ? (
                  <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" />
                ) : null}
              </div>
            ) : null}

            {state.kind === 'idle' || state.kind === 'running' ? (
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void runImport()} disabled={running || vehicles.length === 0}>
                  {running ? (
                    <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                  ) : (
                    <UploadIcon aria-hidden="true" />
                  )}
                  {vehicles.length === 0
                    ? 'No valid vehicles to import'
                    : `Import ${formatNumber(vehicles.length)} valid ${vehicles.length === 1 ? 'vehicle' : 'vehicles'}`}
                </Button>
                <Button variant="outline" onClick={reset} disabled={running}>
                  <XIcon aria-hidden="true" />
                  Cancel
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** CSV export of vehicles and drivers, and CSV import of vehicles with a preview and a progress bar. */
export default function ImportExportTab() {
  return (
    <div className="grid gap-4">
      <ExportCard />
      <ImportCard />
    </div>
  );
}

import { useState, type DragEvent } from 'react';
import { CircleAlertIcon, LoaderCircleIcon, UploadIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { useFleetParams } from '../shell/use-fleet-params';
import { ImportPreviewSection } from './import-status';
import { CsvMilesNote, ExpectedColumns } from './preview-table';
import { useVehicleImport } from './use-vehicle-import';

/** CSV import of vehicles: choose or drop a file, read the server's check, then import the valid rows. */
export function ImportCard() {
  const { setTab } = useFleetParams();
  const imp = useVehicleImport();
  const { preview, running } = imp;
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !running) void imp.readFile(file);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h3">Import vehicles from CSV</CardTitle>
        <CardDescription>
          Check the file first: nothing is saved until you confirm. Rows with problems are skipped.{' '}
          <CsvMilesNote />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ExpectedColumns open={!preview} />

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
          <span className="font-medium">{imp.fileName ?? 'Choose a CSV file or drop it here'}</span>
          <span className="text-xs text-muted-foreground">.csv, at most 2 MB</span>
          <input
            key={imp.fileBox}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="Vehicle CSV file"
            disabled={running}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void imp.readFile(file);
            }}
          />
        </label>

        {imp.checking ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Checking the file…
          </p>
        ) : null}
        {imp.fileError ? (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {imp.fileError}
          </p>
        ) : null}

        {preview ? (
          <ImportPreviewSection
            imp={imp}
            preview={preview}
            // The whole fleet, not the filter last used on the Vehicles tab.
            onViewVehicles={() => setTab('vehicles', { q: null, status: null, page: null })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

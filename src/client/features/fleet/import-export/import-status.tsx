import { CircleCheckIcon, LoaderCircleIcon, UploadIcon, XIcon } from 'lucide-react';
import type { ImportPreview } from '@shared/contracts/fleet';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { useFleetAccount } from '../shell/fleet-account';
import { formatNumber } from '../shell/format';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { PreviewTable } from './preview-table';
import type { VehicleImport } from './use-vehicle-import';

/** A checked file: its counts and rows, then the import's progress and outcome. */
export function ImportPreviewSection({
  imp,
  preview,
  onViewVehicles,
}: {
  imp: VehicleImport;
  preview: ImportPreview;
  onViewVehicles: () => void;
}) {
  const { canManageAccount } = useFleetAccount();
  const { vehicles, state, running } = imp;
  const overPlan = preview.remaining !== null && preview.remaining < vehicles.length;
  return (
    <div className="grid gap-4" data-testid="import-preview">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success" data-testid="import-valid-count">
          {formatNumber(preview.valid)} valid
        </Badge>
        <Badge variant={preview.invalid > 0 ? 'destructive' : 'secondary'} data-testid="import-invalid-count">
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
          Missing columns: {preview.missingColumns.join(', ')}. Add them to the first row (see the template).
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
            <Button size="sm" onClick={onViewVehicles}>
              View vehicles
            </Button>
            <Button size="sm" variant="outline" onClick={imp.reset}>
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
            The import stopped after {formatNumber(state.created)} of {formatNumber(state.total)} vehicles.{' '}
            {state.message}
          </p>
          {state.refusal ? <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" /> : null}
        </div>
      ) : null}

      {state.kind === 'idle' || state.kind === 'running' ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void imp.runImport()} disabled={running || vehicles.length === 0}>
            {running ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            {vehicles.length === 0
              ? 'No valid vehicles to import'
              : `Import ${formatNumber(vehicles.length)} valid ${vehicles.length === 1 ? 'vehicle' : 'vehicles'}`}
          </Button>
          <Button variant="outline" onClick={imp.reset} disabled={running}>
            <XIcon aria-hidden="true" />
            Cancel
          </Button>
        </div>
      ) : null}
    </div>
  );
}

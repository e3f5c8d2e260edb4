import { CircleCheckIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { useFleetAccount } from '../shell/fleet-account';
import { formatNumber } from '../shell/format';
import { UpgradePlanAction } from '../shell/upgrade-link';
import type { ImportState } from './use-import-run';

/** The import under way, done (with the ways on), or stopped part-way (with the way up at the limit). */
export function ImportProgress({
  state,
  onViewVehicles,
  onReset,
}: {
  state: ImportState;
  onViewVehicles: () => void;
  onReset: () => void;
}) {
  const { canManageAccount } = useFleetAccount();
  if (state.kind === 'running') {
    return (
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
    );
  }
  if (state.kind === 'done') {
    return (
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
          <Button size="sm" variant="outline" onClick={onReset}>
            Import another file
          </Button>
        </div>
      </div>
    );
  }
  if (state.kind === 'stopped') {
    return (
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
    );
  }
  return null;
}

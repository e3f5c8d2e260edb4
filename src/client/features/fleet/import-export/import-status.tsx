import { UploadIcon, XIcon } from 'lucide-react';
import type { ImportPreview } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import { formatNumber } from '../shell/format';
import { ImportPreviewSummary } from './import-preview-summary';
import { ImportProgress } from './import-progress';
import type { VehicleImport } from './use-vehicle-import';
import { BusyIcon } from '@client/components/busy-icon';

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
  const { vehicles, state, running } = imp;
  return (
    <div className="grid gap-4" data-testid="import-preview">
      <ImportPreviewSummary preview={preview} validCount={vehicles.length} />

      <ImportProgress state={state} onViewVehicles={onViewVehicles} onReset={imp.reset} />

      {state.kind === 'idle' || state.kind === 'running' ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void imp.runImport()} disabled={running || vehicles.length === 0}>
            <BusyIcon busy={running} icon={UploadIcon} />
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

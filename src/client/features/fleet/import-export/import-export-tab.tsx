import { ExportCard } from './export-card';
import { ImportCard } from './import-card';

/** CSV export of vehicles and drivers, and CSV import of vehicles with a preview and a progress bar. */
export default function ImportExportTab() {
  return (
    <div className="grid gap-4">
      <ExportCard />
      <ImportCard />
    </div>
  );
}

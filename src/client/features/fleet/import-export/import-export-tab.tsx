import { NeedsFeature } from '@client/components/needs-feature';
import { useFleetAccount } from '../shell/fleet-account';
import { ExportCard } from './export-card';
import { ImportCard } from './import-card';

/**
 * CSV export of vehicles and drivers (reports: reporting & analytics, with vehicle tracking and driver
 * management), and CSV import of vehicles (vehicle tracking) with a preview and a progress bar.
 */
export default function ImportExportTab() {
  const { featureAccess } = useFleetAccount().customer;
  return (
    <div className="grid gap-4">
      <NeedsFeature access={featureAccess} features={['reportingAnalytics']}>
        <ExportCard />
      </NeedsFeature>
      <NeedsFeature access={featureAccess} features={['vehicleTracking']}>
        <ImportCard />
      </NeedsFeature>
    </div>
  );
}

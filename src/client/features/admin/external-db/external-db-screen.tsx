import { useQuery } from '@tanstack/react-query';
import { EXTERNAL_DB_IMPORTS } from '@shared/contracts/external-db';
import { ScreenFrame } from '@client/components/screen-frame';
import { externalDbStatusQuery } from './api';
import { ConfigurationGuide } from './configuration-guide';
import { ConnectionCard } from './connection-card';
import { ImportCard } from './import-card';

/**
 * External Database (tab `external-db`; docs/external-db.md): connection status with its
 * test, the customer and user imports with their real progress and refused rows, the configuration guide.
 */
export default function ExternalDbScreen() {
  const status = useQuery(externalDbStatusQuery).data;
  return (
    <ScreenFrame
      title="External Database"
      description="Import customers and team users from your external system, matched by email."
    >
      <ConnectionCard />
      <div className="grid gap-6 2xl:grid-cols-2">
        {EXTERNAL_DB_IMPORTS.map((kind) => (
          <ImportCard key={kind} kind={kind} status={status} />
        ))}
      </div>
      <ConfigurationGuide />
    </ScreenFrame>
  );
}

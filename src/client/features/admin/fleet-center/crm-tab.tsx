import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeftIcon, KeyRoundIcon, LogInIcon, RefreshCwIcon, RefreshCwOffIcon } from 'lucide-react';
import { FLEET_WINDOW_DAYS, type FleetCrmStatus } from '@shared/contracts/fleet-center';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { StatTileRow } from '@client/components/stat-tile-row';
import { Badge } from '@client/components/ui/badge';
import { fleetCrmQuery } from './api';
import { FigureView, GeneratedAt, SectionCard } from './figure-parts';
import { formatCount, formatTime } from './fleet-format';
import { HandOffBadge } from './hand-off-badge';

const PROVIDER_NAMES = { hubspot: 'HubSpot', salesforce: 'Salesforce' } as const;

function HandOff({ handOff }: { handOff: FleetCrmStatus['handOff'] }) {
  return (
    <SectionCard
      title="Fleet CRM hand-off"
      description="Where customers go after they sign in"
      testId="crm-hand-off"
    >
      <div className="space-y-2 text-sm">
        <HandOffBadge handOff={handOff} />
        {handOff.mode === 'external' ? (
          <p>
            After sign-in customers are sent to the external fleet CRM at{' '}
            <span className="font-mono break-all">{handOff.target}</span> with a sign-in token, and it signs
            them in here through the auto-login.
            {handOff.checkedAt ? ` Last checked at ${formatTime(handOff.checkedAt)}.` : ''}
          </p>
        ) : (
          <p>
            After sign-in customers go to the built-in fleet app{' '}
            <span className="font-mono whitespace-nowrap">({handOff.target})</span>, which plays the fleet
            CRM. Set <span className="font-mono">FLEET_CRM_URL</span> to hand them to an external fleet CRM
            instead.
          </p>
        )}
      </div>
    </SectionCard>
  );
}

/** CRM sync as the CRM screen and System Health say it (the server decides with one rule). */
function Sync({ sync }: { sync: FleetCrmStatus['sync'] }) {
  return (
    <SectionCard
      title="CRM sync"
      description="Customers and team users copied to HubSpot or Salesforce"
      testId="fleet-crm-sync"
    >
      <div className="flex items-center justify-between gap-3 py-2 text-sm">
        <span className="font-medium">{PROVIDER_NAMES[sync.crmType]}</span>
        <span className="flex flex-wrap gap-2">
          <Badge variant={sync.configured ? 'success' : 'outline'}>
            {sync.configured ? 'Configured' : 'Not configured'}
          </Badge>
          <Badge variant={sync.enabled ? 'success' : 'outline'}>
            {sync.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </span>
      </div>
      <p className="mt-2 flex items-start gap-2 text-sm text-muted-foreground">
        {sync.message ? (
          <>
            <RefreshCwOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {sync.message}
          </>
        ) : (
          <>
            <RefreshCwIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {sync.mode}: syncs run from the CRM screen.
          </>
        )}
      </p>
    </SectionCard>
  );
}

const ENDPOINT_COLUMNS: readonly Column<FleetCrmStatus['endpoints'][number]>[] = [
  {
    key: 'endpoint',
    label: 'Endpoint',
    cellClassName: 'align-top',
    cell: (e) => (
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary" className="font-mono">
          {e.method}
        </Badge>
        <span className="font-mono text-sm break-all">{e.path}</span>
      </span>
    ),
  },
  {
    key: 'purpose',
    label: 'Purpose',
    from: 'xl',
    cellClassName: 'align-top whitespace-normal text-muted-foreground',
    cell: (e) => e.purpose,
  },
];

function Endpoints({ endpoints }: { endpoints: FleetCrmStatus['endpoints'] }) {
  return (
    <SectionCard title="Endpoints" description="Our side of the hand-off, as this server runs it">
      <ColumnTable
        framed={false}
        label="Fleet CRM endpoints"
        columns={ENDPOINT_COLUMNS}
        rows={endpoints}
        rowKey={(e) => `${e.method} ${e.path}`}
      />
    </SectionCard>
  );
}

function CrmFigures({ data }: { data: FleetCrmStatus }) {
  const { sync } = data;
  return (
    <div className="space-y-6">
      <StatTileRow
        tiles={[
          {
            label: 'Hand-off',
            value: data.handOff.mode === 'external' ? 'External CRM' : 'Built-in app',
            hint: data.handOff.mode === 'external' ? data.handOff.target : 'No FLEET_CRM_URL set',
            icon: ArrowRightLeftIcon,
            testId: 'crm-hand-off-mode',
          },
          {
            label: `Sign-ins (${FLEET_WINDOW_DAYS} days)`,
            value: formatCount(data.signIns30d),
            hint: 'Customer sign-ins, each handed over',
            icon: LogInIcon,
            testId: 'crm-sign-ins',
          },
          {
            label: `Auto-logins (${FLEET_WINDOW_DAYS} days)`,
            value: formatCount(data.autoLogins30d),
            hint: 'Sessions opened from a fleet CRM token',
            icon: KeyRoundIcon,
            testId: 'crm-auto-logins',
          },
          {
            label: 'CRM Sync',
            value: !sync.configured ? 'Not configured' : sync.enabled ? 'On' : 'Disabled',
            hint: sync.mode ?? PROVIDER_NAMES[sync.crmType],
            icon: sync.message ? RefreshCwOffIcon : RefreshCwIcon,
            testId: 'crm-sync',
          },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <HandOff handOff={data.handOff} />
        <Sync sync={data.sync} />
      </div>
      <Endpoints endpoints={data.endpoints} />
      <GeneratedAt iso={data.generatedAt} />
    </div>
  );
}

/** The CRM Integration sub-tab: the fleet CRM hand-off as configured, and CRM sync status. */
export function CrmTab() {
  const query = useQuery(fleetCrmQuery);
  return (
    <FigureView query={query} noun="CRM integration status">
      {(data) => <CrmFigures data={data} />}
    </FigureView>
  );
}

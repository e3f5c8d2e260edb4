import { useQuery } from '@tanstack/react-query';
import { BellIcon, HistoryIcon, LogInIcon, MonitorIcon } from 'lucide-react';
import { ACTIVE_SESSION_MINUTES, type FleetMonitoring } from '@shared/contracts/fleet-center';
import { StatTileRow } from '@client/components/stat-tile-row';
import { Badge } from '@client/components/ui/badge';
import { getAppName } from '@client/lib/app-name';
import { relativeTime } from '@client/lib/relative-time';
import { useNow } from '@client/lib/use-now';
import { fleetMonitoringQuery } from './api';
import { EmptyLine, FigureView, GeneratedAt, HonestNote, SectionCard } from './figure-parts';
import { formatCount, formatDay, formatMiles } from './fleet-format';

/** "Showing 10 of 42" under a list that holds only the newest. */
function ShownOf({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null;
  return (
    <p className="pt-2 text-xs text-muted-foreground">
      Showing the newest {formatCount(shown)} of {formatCount(total)}.
    </p>
  );
}

function RecentChanges({ changes, now }: { changes: FleetMonitoring['recentChanges']; now: number }) {
  return (
    <SectionCard
      title="Latest fleet changes"
      description="Vehicles, drivers, maintenance and team changes customers made in the last 24 hours"
      testId="recent-fleet-changes"
    >
      {changes.length === 0 ? (
        <EmptyLine>
          No fleet changes in the last 24 hours. Changes customers make in their fleet app appear here.
        </EmptyLine>
      ) : (
        <ol className="divide-y">
          {changes.map((c) => (
            <li key={c.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words">{c.summary}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {c.companyName ?? 'A deleted account'}
                  {c.actorEmail ? ` · ${c.actorEmail}` : ''}
                </p>
              </div>
              <time dateTime={c.createdAt} className="shrink-0 text-xs text-muted-foreground">
                {relativeTime(c.createdAt, now)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}

function Alerts({ data }: { data: FleetMonitoring }) {
  const { overdueMaintenance: overdue, pastDueAccounts: pastDue } = data;
  return (
    <SectionCard
      title="Alerts"
      description="Overdue maintenance across customers and accounts whose renewal failed"
      testId="fleet-alerts"
    >
      <div className="space-y-4">
        <section aria-labelledby="overdue-heading" className="space-y-1">
          <h4 id="overdue-heading" className="text-sm font-medium">
            Overdue maintenance <span className="text-muted-foreground">({formatCount(overdue.total)})</span>
          </h4>
          {overdue.items.length === 0 ? (
            <EmptyLine>No maintenance is overdue in any customer fleet.</EmptyLine>
          ) : (
            <ul className="divide-y">
              {overdue.items.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      {a.type} · {a.vehicle.make} {a.vehicle.model}{' '}
                      <span className="font-normal whitespace-nowrap text-muted-foreground">
                        ({a.vehicle.licensePlate})
                      </span>
                    </p>
                    <p className="truncate text-xs text-muted-foreground">{a.companyName}</p>
                  </div>
                  <Badge variant="destructive" className="shrink-0">
                    {a.dueDate ? `Due ${formatDay(a.dueDate)}` : `Due at ${formatMiles(a.dueMileage ?? 0)}`}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <ShownOf shown={overdue.items.length} total={overdue.total} />
        </section>
        <section aria-labelledby="past-due-heading" className="space-y-1 border-t pt-3">
          <h4 id="past-due-heading" className="text-sm font-medium">
            Accounts past due <span className="text-muted-foreground">({formatCount(pastDue.total)})</span>
          </h4>
          {pastDue.items.length === 0 ? (
            <EmptyLine>No account has a failed renewal being retried.</EmptyLine>
          ) : (
            <ul className="divide-y">
              {pastDue.items.map((p) => (
                <li key={p.customerId} className="flex items-start justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{p.companyName}</p>
                    <p className="truncate text-xs text-muted-foreground">{p.email}</p>
                  </div>
                  <div className="shrink-0 text-right text-xs text-muted-foreground">
                    <p>
                      {p.failedAttempts} failed {p.failedAttempts === 1 ? 'attempt' : 'attempts'}
                    </p>
                    {p.nextRetryAt ? <p>Retry {formatDay(p.nextRetryAt.slice(0, 10))}</p> : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <ShownOf shown={pastDue.items.length} total={pastDue.total} />
        </section>
      </div>
    </SectionCard>
  );
}

function MonitoringFigures({ data }: { data: FleetMonitoring }) {
  const now = useNow();
  const alerts = data.overdueMaintenance.total + data.pastDueAccounts.total;
  return (
    <div className="space-y-6">
      <StatTileRow
        tiles={[
          {
            label: 'Active Sessions',
            value: formatCount(data.activeSessions),
            hint: `Customers and their team seen in the last ${ACTIVE_SESSION_MINUTES} minutes`,
            icon: MonitorIcon,
            testId: 'fleet-active-sessions',
          },
          {
            label: 'Sign-ins (24 h)',
            value: formatCount(data.signIns24h),
            hint: 'Customer sign-ins, auto-logins included',
            icon: LogInIcon,
            testId: 'fleet-sign-ins',
          },
          {
            label: 'Fleet Changes (1 h)',
            value: formatCount(data.fleetChanges.lastHour),
            hint: `${formatCount(data.fleetChanges.last24h)} in the last 24 hours`,
            icon: HistoryIcon,
            testId: 'fleet-changes',
          },
          {
            label: 'Alerts',
            value: formatCount(alerts),
            hint: 'Overdue maintenance and accounts past due',
            icon: BellIcon,
            testId: 'fleet-alert-count',
          },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentChanges changes={data.recentChanges} now={now} />
        <Alerts data={data} />
      </div>
      <HonestNote>
        Vehicle telemetry is not connected: no tracking device sends GPS positions or signal strength to{' '}
        {getAppName()}, so live vehicle positions are not shown. The figures above are the customers&apos; own
        records and sessions.
      </HonestNote>
      <GeneratedAt iso={data.generatedAt} />
    </div>
  );
}

/** The Live Monitoring sub-tab: our own system as it runs, across every customer. */
export function MonitoringTab() {
  const query = useQuery(fleetMonitoringQuery);
  return (
    <FigureView query={query} noun="live monitoring">
      {(data) => <MonitoringFigures data={data} />}
    </FigureView>
  );
}

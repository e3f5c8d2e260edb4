import { useQuery } from '@tanstack/react-query';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { QueryView } from '@client/components/query-view';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { AlertsView } from './alerts-view';
import { MetricsView } from './metrics-view';
import { systemHealthQuery } from './monitoring-api';
import { StatusBadge } from './monitoring-format';
import { OverviewView } from './overview-view';
import { ServicesView } from './services-view';

const VIEW_LABELS = {
  overview: 'Overview',
  services: 'Services',
  metrics: 'Metrics',
  alerts: 'Alerts',
} as const;

/**
 * System Health (tab `monitoring`; docs/system-health.md): the server's own measurements,
 * refreshed every 3 seconds, per instance, with the jobs, integrations, route groups and alerts.
 */
export default function MonitoringScreen() {
  const query = useQuery(systemHealthQuery);
  const open = query.data?.openAlerts;
  const openCount = open ? open.error + open.warning + open.info : 0;
  const tabLabels = { ...VIEW_LABELS, alerts: openCount > 0 ? `Alerts (${openCount})` : VIEW_LABELS.alerts };
  return (
    <ScreenFrame
      title="System Health"
      description="Live figures from every instance of the server, refreshed every 3 seconds."
      actions={
        query.data ? (
          <div className="flex flex-col gap-1 lg:items-end lg:text-right">
            <span className="inline-flex items-center gap-2 text-sm">
              System status <StatusBadge status={query.data.status} />
            </span>
            <span className="text-xs text-muted-foreground" data-testid="health-updated">
              Updated {formatStaffDateTime(query.data.generatedAt)}
            </span>
          </div>
        ) : null
      }
    >
      <ScreenSections sections={tabLabels} label="System Health sections">
        {(view) =>
          view === 'alerts' ? (
            <AlertsView />
          ) : (
            <QueryView
              query={query}
              noun="system health"
              skeleton={<StatTilesSkeleton label="Loading system health" />}
            >
              {(data) =>
                view === 'overview' ? (
                  <OverviewView data={data} />
                ) : view === 'services' ? (
                  <ServicesView data={data} />
                ) : (
                  <MetricsView data={data} />
                )
              }
            </QueryView>
          )
        }
      </ScreenSections>
    </ScreenFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ScreenHeader } from '@client/components/screen-header';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { QueryView } from '@client/components/query-view';
import { SubTabs } from '@client/components/sub-tabs';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { useSubTab } from '@client/lib/use-sub-tab';
import { AlertsView } from './alerts-view';
import { MetricsView } from './metrics-view';
import { systemHealthQuery } from './monitoring-api';
import { StatusBadge } from './monitoring-format';
import { OverviewView } from './overview-view';
import { ServicesView } from './services-view';

const VIEWS = ['overview', 'services', 'metrics', 'alerts'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = {
  overview: 'Overview',
  services: 'Services',
  metrics: 'Metrics',
  alerts: 'Alerts',
};

/**
 * System Health (tab `monitoring`; docs/system-health.md): the server's own measurements,
 * refreshed every 3 seconds, per instance, with the jobs, integrations, route groups and alerts.
 */
export default function MonitoringScreen() {
  const [view, setView] = useSubTab(VIEWS);
  const query = useQuery(systemHealthQuery);
  const open = query.data?.openAlerts;
  const openCount = open ? open.error + open.warning + open.info : 0;
  const tabLabels = { ...VIEW_LABELS, alerts: openCount > 0 ? `Alerts (${openCount})` : VIEW_LABELS.alerts };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ScreenHeader
          title="System Health"
          description="Live figures from every instance of the server, refreshed every 3 seconds."
        />
        {query.data ? (
          <div className="flex flex-col gap-1 lg:items-end lg:text-right">
            <span className="inline-flex items-center gap-2 text-sm">
              System status <StatusBadge status={query.data.status} />
            </span>
            <span className="text-xs text-muted-foreground" data-testid="health-updated">
              Updated {formatStaffDateTime(query.data.generatedAt)}
            </span>
          </div>
        ) : null}
      </div>
      <SubTabs
        views={VIEWS}
        labels={tabLabels}
        value={view}
        onChange={setView}
        label="System Health sections"
      >
        {view === 'alerts' ? (
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
        )}
      </SubTabs>
    </div>
  );
}

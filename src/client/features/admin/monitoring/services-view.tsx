import { BACKLOG_CAP, type SystemHealth } from '@shared/contracts/system-health';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { formatCount, formatMs, StatusBadge } from './monitoring-format';
import { HeadedSection } from '@client/components/section-heading';
import { TwoLineCell } from '@client/components/list/two-line-cell';

const when = (iso: string | null) => (iso ? formatStaffDateTime(iso) : 'Never');
const backlogOf = (n: number | null, label: string | null) =>
  n === null
    ? '—'
    : `${n > BACKLOG_CAP ? `${formatCount(BACKLOG_CAP)}+` : formatCount(n)} ${label ?? ''}`.trim();

const JOB_COLUMNS: readonly Column<SystemHealth['jobs'][number]>[] = [
  { key: 'job', label: 'Job', cell: (j) => <span className="font-medium">{j.label}</span> },
  {
    key: 'lastRun',
    label: 'Last run',
    from: 'lg',
    cell: (j) => (
      <>
        {when(j.lastStartedAt)}
        {j.runs > 0 ? (
          <span className="block text-xs text-muted-foreground">
            {formatCount(j.runs)} {j.runs === 1 ? 'run' : 'runs'}, {formatCount(j.failures)} failed
          </span>
        ) : null}
      </>
    ),
    narrow: (j) => when(j.lastStartedAt),
    narrowLabel: true,
  },
  { key: 'duration', label: 'Duration', from: 'xl', cell: (j) => formatMs(j.durationMs), narrow: false },
  {
    key: 'outcome',
    label: 'Outcome',
    cell: (j) => (
      <>
        <StatusBadge
          status={j.status}
          label={j.outcome === 'failed' ? 'Failed' : j.outcome === 'ok' ? 'OK' : 'Not run yet'}
        />
        {j.error ? (
          <span className="block max-w-64 truncate text-xs text-destructive" title={j.error}>
            {j.error}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'backlog',
    label: 'Backlog',
    from: 'md',
    cell: (j) => backlogOf(j.backlog, j.backlogLabel),
    narrowLabel: true,
  },
];

const INTEGRATION_COLUMNS: readonly Column<SystemHealth['integrations'][number]>[] = [
  {
    key: 'integration',
    label: 'Integration',
    cell: (i) => <TwoLineCell main={i.label} detail={i.mode} />,
  },
  {
    key: 'status',
    label: 'Status',
    cell: (i) => (
      <>
        <StatusBadge status={i.status} label={i.configured ? undefined : 'Not configured'} />
        {i.lastError && i.status === 'error' ? (
          <span className="block max-w-64 truncate text-xs text-destructive" title={i.lastError}>
            {i.lastError}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'lastSuccess',
    label: 'Last success',
    from: 'lg',
    cell: (i) => when(i.lastSuccessAt),
    narrowLabel: true,
  },
  {
    key: 'lastFailure',
    label: 'Last failure',
    from: 'lg',
    cell: (i) => when(i.lastFailureAt),
    narrowLabel: true,
  },
];

/** Services: the background jobs (last run, duration, outcome, backlog) and the integrations. */
export function ServicesView({ data }: { data: SystemHealth }) {
  return (
    <div className="space-y-8">
      <HeadedSection
        id="jobs-heading"
        title="Background jobs"
        description="The last run on any instance, and what each job still has to do."
        className="space-y-3"
      >
        <ColumnTable
          label="Background jobs"
          columns={JOB_COLUMNS}
          rows={data.jobs}
          rowKey={(j) => j.job}
          rowProps={{ 'data-testid': 'health-job' }}
        />
      </HeadedSection>
      <HeadedSection
        id="integrations-heading"
        title="Integrations"
        description="Whether each is set up (environment or System Settings), and its last success and failure."
        className="space-y-3"
      >
        <ColumnTable
          label="Integrations"
          columns={INTEGRATION_COLUMNS}
          rows={data.integrations}
          rowKey={(i) => i.integration}
          rowProps={{ 'data-testid': 'health-integration' }}
        />
      </HeadedSection>
    </div>
  );
}

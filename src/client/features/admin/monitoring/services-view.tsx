import { BACKLOG_CAP, type SystemHealth } from '@shared/contracts/system-health';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { formatCount, formatMs, StatusBadge } from './monitoring-format';

const when = (iso: string | null) => (iso ? formatStaffDateTime(iso) : 'Never');
const backlogOf = (n: number | null, label: string | null) =>
  n === null
    ? '—'
    : `${n > BACKLOG_CAP ? `${formatCount(BACKLOG_CAP)}+` : formatCount(n)} ${label ?? ''}`.trim();

/** Services: the background jobs (last run, duration, outcome, backlog) and the integrations. */
export function ServicesView({ data }: { data: SystemHealth }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="jobs-heading" className="space-y-3">
        <div className="space-y-1">
          <h2 id="jobs-heading" className="text-lg font-semibold">
            Background jobs
          </h2>
          <p className="text-sm text-muted-foreground">
            The last run on any instance, and what each job still has to do.
          </p>
        </div>
        <ListTable
          label="Background jobs"
          actions={false}
          head={
            <>
              <ListHead>Job</ListHead>
              <ListHead from="lg">Last run</ListHead>
              <ListHead from="xl">Duration</ListHead>
              <ListHead>Outcome</ListHead>
              <ListHead from="md">Backlog</ListHead>
            </>
          }
        >
          {data.jobs.map((j) => (
            <TableRow key={j.job} data-testid="health-job">
              <ListCell>
                <span className="font-medium">{j.label}</span>
                <NarrowDetails until="lg">
                  <NarrowItem until="lg">Last run {when(j.lastStartedAt)}</NarrowItem>
                  <NarrowItem until="md">Backlog {backlogOf(j.backlog, j.backlogLabel)}</NarrowItem>
                </NarrowDetails>
              </ListCell>
              <ListCell from="lg">
                {when(j.lastStartedAt)}
                {j.runs > 0 ? (
                  <span className="block text-xs text-muted-foreground">
                    {formatCount(j.runs)} {j.runs === 1 ? 'run' : 'runs'}, {formatCount(j.failures)} failed
                  </span>
                ) : null}
              </ListCell>
              <ListCell from="xl">{formatMs(j.durationMs)}</ListCell>
              <ListCell>
                <StatusBadge
                  status={j.status}
                  label={j.outcome === 'failed' ? 'Failed' : j.outcome === 'ok' ? 'OK' : 'Not run yet'}
                />
                {j.error ? (
                  <span className="block max-w-64 truncate text-xs text-destructive" title={j.error}>
                    {j.error}
                  </span>
                ) : null}
              </ListCell>
              <ListCell from="md">{backlogOf(j.backlog, j.backlogLabel)}</ListCell>
            </TableRow>
          ))}
        </ListTable>
      </section>
      <section aria-labelledby="integrations-heading" className="space-y-3">
        <div className="space-y-1">
          <h2 id="integrations-heading" className="text-lg font-semibold">
            Integrations
          </h2>
          <p className="text-sm text-muted-foreground">
            Whether each is set up (environment or System Settings), and its last success and failure.
          </p>
        </div>
        <ListTable
          label="Integrations"
          actions={false}
          head={
            <>
              <ListHead>Integration</ListHead>
              <ListHead>Status</ListHead>
              <ListHead from="lg">Last success</ListHead>
              <ListHead from="lg">Last failure</ListHead>
            </>
          }
        >
          {data.integrations.map((i) => (
            <TableRow key={i.integration} data-testid="health-integration">
              <ListCell>
                <span className="font-medium">{i.label}</span>
                <span className="block text-xs text-muted-foreground">{i.mode}</span>
                <NarrowDetails until="lg">
                  <NarrowItem until="lg">Last success {when(i.lastSuccessAt)}</NarrowItem>
                  <NarrowItem until="lg">Last failure {when(i.lastFailureAt)}</NarrowItem>
                </NarrowDetails>
              </ListCell>
              <ListCell>
                <StatusBadge status={i.status} label={i.configured ? undefined : 'Not configured'} />
                {i.lastError && i.status === 'error' ? (
                  <span className="block max-w-64 truncate text-xs text-destructive" title={i.lastError}>
                    {i.lastError}
                  </span>
                ) : null}
              </ListCell>
              <ListCell from="lg">{when(i.lastSuccessAt)}</ListCell>
              <ListCell from="lg">{when(i.lastFailureAt)}</ListCell>
            </TableRow>
          ))}
        </ListTable>
      </section>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, ClockIcon, MailCheckIcon } from 'lucide-react';
import type { EmailAnalytics } from '@shared/contracts/email';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { FilterSelect } from '@client/components/list/filter-select';
import { QueryStatTiles, QueryView } from '@client/components/query-view';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { useSubTab } from '@client/lib/use-sub-tab';
import { emailAnalyticsQuery } from './api';

const PERIODS = ['30', '7', '90'] as const;
const PERIOD_OPTIONS = PERIODS.map((d) => ({ value: d, label: `Last ${d} days` }));

type Counts = { sent: number; failed: number; queued: number };

/** Sent, failed and queued, after what the row is; failed and queued give way on a narrow list. */
function countColumns<T extends Counts>(first: Column<T>): Column<T>[] {
  const count = (key: keyof Counts, label: string, from?: 'md'): Column<T> => ({
    key,
    label,
    from,
    numeric: true,
    cell: (c) => c[key],
    narrow: false,
  });
  return [first, count('sent', 'Sent'), count('failed', 'Failed', 'md'), count('queued', 'Queued', 'md')];
}

const TEMPLATE_COLUMNS = countColumns<EmailAnalytics['byTemplate'][number]>({
  key: 'template',
  label: 'Template',
  cell: (r) => r.name,
});
const DAY_COLUMNS = countColumns<EmailAnalytics['byDay'][number]>({
  key: 'day',
  label: 'Day (UTC)',
  cellClassName: 'whitespace-nowrap',
  cell: (d) => d.day,
});

/** Sent, failed and queued emails, by template and by day, from the outbox (docs/email.md). */
export function AnalyticsTab() {
  const [period, setPeriod] = useSubTab(PERIODS, 'days');
  const analytics = useQuery(emailAnalyticsQuery(Number(period)));
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Emails in the last {period} days</h2>
        <FilterSelect
          value={period}
          onChange={(v) => v && setPeriod(v)}
          label="Period"
          options={PERIOD_OPTIONS}
        />
      </div>
      <QueryStatTiles
        query={analytics}
        noun="email figures"
        columns={3}
        tilesOf={(a) => [
          { label: 'Sent', value: a.totals.sent, icon: MailCheckIcon, testId: 'email-sent-total' },
          {
            label: 'Failed',
            value: a.totals.failed,
            icon: CircleAlertIcon,
            hint: 'Refused after every retry',
          },
          {
            label: 'Queued',
            value: a.totals.queued,
            icon: ClockIcon,
            hint: 'Waiting for delivery or a retry',
          },
        ]}
      />
      <QueryView
        query={analytics}
        noun="email analytics"
        skeleton={<StatTilesSkeleton label="Loading email analytics" count={2} columns={3} />}
      >
        {(a) => <Breakdown analytics={a} />}
      </QueryView>
    </div>
  );
}

function Breakdown({ analytics: a }: { analytics: EmailAnalytics }) {
  const days = [...a.byDay].reverse().filter((d) => d.sent + d.failed + d.queued > 0);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <section className="space-y-2" aria-labelledby="email-by-template">
        <h3 id="email-by-template" className="font-semibold">
          By template
        </h3>
        {a.byTemplate.length === 0 ? (
          <p className="text-sm text-muted-foreground">No email in this period.</p>
        ) : (
          <ColumnTable
            label="Emails by template"
            columns={TEMPLATE_COLUMNS}
            rows={a.byTemplate}
            rowKey={(r) => r.templateId}
          />
        )}
      </section>
      <section className="space-y-2" aria-labelledby="email-by-day">
        <h3 id="email-by-day" className="font-semibold">
          By day
        </h3>
        {days.length === 0 ? (
          <p className="text-sm text-muted-foreground">No email in this period.</p>
        ) : (
          <ColumnTable label="Emails by day" columns={DAY_COLUMNS} rows={days} rowKey={(d) => d.day} />
        )}
      </section>
    </div>
  );
}

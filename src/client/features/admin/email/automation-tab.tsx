import { useQuery } from '@tanstack/react-query';
import type { AutomationRule } from '@shared/contracts/email';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListSkeleton } from '@client/components/list/list-body';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { formatStaffDate } from '@client/lib/staff-dates';
import { automationRulesQuery } from './api';

const RULE_COLUMNS: readonly Column<AutomationRule>[] = [
  { key: 'rule', label: 'Rule', cell: (r) => <span className="font-medium">{r.name}</span> },
  { key: 'when', label: 'When', from: 'lg', cell: (r) => r.schedule },
  {
    key: 'status',
    label: 'Status',
    from: 'md',
    cell: (r) => (
      <Badge variant={r.enabled ? 'success' : 'secondary'}>{r.enabled ? 'Active' : 'Template off'}</Badge>
    ),
  },
  {
    key: 'sent',
    label: 'Sent',
    from: 'xl',
    cell: (r) => `${r.sentCount} sent${r.queuedCount ? `, ${r.queuedCount} waiting` : ''}`,
  },
  {
    key: 'lastSent',
    label: 'Last sent',
    from: '2xl',
    cell: (r) => (r.lastSentAt ? formatStaffDate(r.lastSentAt) : 'Never'),
    narrow: false,
  },
];

/** The automation rules as the product runs them (docs/email.md): schedule, template switch, what each sent. */
export function AutomationTab() {
  const rules = useQuery(automationRulesQuery);
  return (
    <QueryView
      query={rules}
      noun="automation rules"
      skeleton={<ListSkeleton label="Loading automation rules" />}
    >
      {(data) => (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground">
            Immediate rules go with the event itself; scheduled ones are checked{' '}
            {data.intervalSeconds > 0
              ? `every ${Math.round(data.intervalSeconds / 60) || 1} min`
              : 'by the automation job'}
            . Each goes once per customer and event, and never to a customer who turned email notifications
            off. A template switched back on, or a customer who turns notifications back on, is picked up
            within the hour.
          </p>
          {!data.notificationsOn ? (
            <p className="rounded-md border border-warning p-3 text-sm" role="status">
              Email notifications are off in System Settings: no account email goes out, only security emails
              and links people asked for.
            </p>
          ) : null}
          <ColumnTable
            label="Automation rules"
            columns={RULE_COLUMNS}
            rows={data.rules}
            rowProps={(r) => ({ 'data-testid': `automation-rule-${r.id}` })}
          />
        </div>
      )}
    </QueryView>
  );
}

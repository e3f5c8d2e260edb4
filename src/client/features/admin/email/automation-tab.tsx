import { useQuery } from '@tanstack/react-query';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListSkeleton } from '@client/components/list/list-body';
import { ListTable } from '@client/components/list/list-table';
import { QueryView } from '@client/components/query-view';
import { Badge } from '@client/components/ui/badge';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDate } from '@client/lib/staff-dates';
import { automationRulesQuery } from './api';

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
            off.
          </p>
          {!data.notificationsOn ? (
            <p className="rounded-md border border-warning p-3 text-sm" role="status">
              Email notifications are off in System Settings: no account email goes out, only security emails
              and links people asked for.
            </p>
          ) : null}
          <ListTable
            label="Automation rules"
            actions={false}
            head={
              <>
                <ListHead>Rule</ListHead>
                <ListHead from="lg">When</ListHead>
                <ListHead from="md">Status</ListHead>
                <ListHead from="xl">Sent</ListHead>
                <ListHead from="2xl">Last sent</ListHead>
              </>
            }
          >
            {data.rules.map((r) => {
              const status = (
                <Badge variant={r.enabled ? 'success' : 'secondary'}>
                  {r.enabled ? 'Active' : 'Template off'}
                </Badge>
              );
              const sent = `${r.sentCount} sent${r.queuedCount ? `, ${r.queuedCount} waiting` : ''}`;
              return (
                <TableRow key={r.id} data-testid={`automation-rule-${r.id}`}>
                  <ListCell>
                    <span className="font-medium">{r.name}</span>
                    <NarrowDetails until="2xl">
                      <NarrowItem until="lg">{r.schedule}</NarrowItem>
                      <NarrowItem until="md">{status}</NarrowItem>
                      <NarrowItem until="xl">{sent}</NarrowItem>
                    </NarrowDetails>
                  </ListCell>
                  <ListCell from="lg">{r.schedule}</ListCell>
                  <ListCell from="md">{status}</ListCell>
                  <ListCell from="xl">{sent}</ListCell>
                  <ListCell from="2xl">{r.lastSentAt ? formatStaffDate(r.lastSentAt) : 'Never'}</ListCell>
                </TableRow>
              );
            })}
          </ListTable>
        </div>
      )}
    </QueryView>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { outboxListQuery, type OutboxMessage } from '@shared/contracts/email';
import { EMAIL_STATUSES } from '@shared/statuses';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListFilter } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { TableRow } from '@client/components/ui/table';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { useSearchParam } from '@client/lib/use-search-param';
import { outboxQuery } from './api';
import { STATUS_LABELS, StatusBadge } from './email-status';
import { OutboxMessageDialog } from './outbox-message-dialog';

const STATUS_OPTIONS = EMAIL_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const OUTBOX_LIST = {
  sorts: ['-createdAt'],
  defaultSort: '-createdAt',
  filters: { status: EMAIL_STATUSES },
  pageSize: 25,
  scope: 'outbox',
} as const;

/** Every email, newest first, paged on the server; a message opens with its body (docs/email.md). */
export function OutboxTab() {
  const state = useListState(OUTBOX_LIST);
  const list = useQuery(outboxQuery(outboxListQuery.parse(state.query)));
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  // The open message is kept in the address (`&message=<id>`), so a link can open it directly.
  const [openId, setOpenId] = useSearchParam('message');
  const [row, setRow] = useState<OutboxMessage | null>(null);
  return (
    <section className="space-y-4" aria-label="Outbox">
      <ListToolbar
        search={{ state, label: 'Search the outbox', placeholder: 'Recipient or subject' }}
        clear={state}
      >
        <ListFilter
          state={state}
          name="status"
          label="Filter by status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          className="sm:w-40"
        />
      </ListToolbar>
      <ListBody
        query={list}
        noun="emails"
        isFiltered={state.isFiltered}
        onClearFilters={state.clearFilters}
        empty={{
          icon: MailIcon,
          title: 'No emails yet',
          text: 'Every email the product sends is listed here.',
        }}
      >
        {(page) => (
          <ListTable
            label="Outbox"
            actions
            head={
              <>
                <ListHead>Recipient</ListHead>
                <ListHead from="lg">Subject</ListHead>
                <ListHead from="md">Status</ListHead>
                <ListHead from="2xl">Created</ListHead>
              </>
            }
          >
            {page.items.map((m) => {
              const status = (
                <span className="flex flex-col gap-0.5">
                  <StatusBadge status={m.status} />
                  {m.status !== 'sent' && m.lastError ? (
                    <span className="text-xs break-words text-muted-foreground">{m.lastError}</span>
                  ) : null}
                </span>
              );
              return (
                <TableRow key={m.id} data-testid="outbox-row">
                  <ListCell className="max-w-60">
                    <span className="break-all">{m.toEmail}</span>
                    <span className="block text-xs text-muted-foreground">{m.templateName}</span>
                    <NarrowDetails until="2xl">
                      <NarrowItem until="lg">{m.subject}</NarrowItem>
                      <NarrowItem until="md">{status}</NarrowItem>
                      <NarrowItem until="2xl">{formatStaffDateTime(m.createdAt)}</NarrowItem>
                    </NarrowDetails>
                  </ListCell>
                  <ListCell from="lg" className="max-w-80 break-words">
                    {m.subject}
                  </ListCell>
                  <ListCell from="md" className="max-w-56">
                    {status}
                  </ListCell>
                  <ListCell from="2xl" className="whitespace-nowrap">
                    {formatStaffDateTime(m.createdAt)}
                  </ListCell>
                  <ListCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setRow(m);
                        setOpenId(m.id);
                      }}
                      aria-label={`Read the email to ${m.toEmail}`}
                    >
                      Read
                    </Button>
                  </ListCell>
                </TableRow>
              );
            })}
          </ListTable>
        )}
      </ListBody>
      <ListStatePager state={state} query={list} label="Outbox pages" noun={['email', 'emails']} />
      {openId ? (
        <OutboxMessageDialog
          key={openId}
          id={openId}
          row={row?.id === openId ? row : undefined}
          onOpenChange={(o) => {
            if (o) return;
            setRow(null);
            setOpenId(null);
          }}
        />
      ) : null}
    </section>
  );
}

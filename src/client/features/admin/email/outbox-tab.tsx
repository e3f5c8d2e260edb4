import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { outboxListQuery, type OutboxMessage } from '@shared/contracts/email';
import { EMAIL_STATUSES } from '@shared/statuses';
import type { Column } from '@client/components/list/columns';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { RowButton } from '@client/components/list/row-button';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { useSearchParam } from '@client/lib/use-search-param';
import { outboxQuery } from './api';
import { STATUS_LABELS, StatusBadge } from './email-status';
import { OutboxMessageDialog } from './outbox-message-dialog';
import { TwoLineCell } from '@client/components/list/two-line-cell';

const STATUS_OPTIONS = EMAIL_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const OUTBOX_LIST = {
  sorts: ['-createdAt'],
  defaultSort: '-createdAt',
  filters: { status: EMAIL_STATUSES },
  pageSize: 25,
  scope: 'outbox',
} as const;

const OUTBOX_COLUMNS: readonly Column<OutboxMessage>[] = [
  {
    key: 'recipient',
    label: 'Recipient',
    cellClassName: 'max-w-60',
    cell: (m) => <TwoLineCell main={m.toEmail} detail={m.templateName} mainClassName="break-all" />,
  },
  {
    key: 'subject',
    label: 'Subject',
    from: 'lg',
    cellClassName: 'max-w-80 break-words',
    cell: (m) => m.subject,
  },
  {
    key: 'status',
    label: 'Status',
    from: 'md',
    cellClassName: 'max-w-56',
    cell: (m) => (
      <span className="flex flex-col gap-0.5">
        <StatusBadge status={m.status} />
        {m.status !== 'sent' && m.lastError ? (
          <span className="text-xs break-words text-muted-foreground">{m.lastError}</span>
        ) : null}
      </span>
    ),
  },
  {
    key: 'created',
    label: 'Created',
    from: '2xl',
    cellClassName: 'whitespace-nowrap',
    cell: (m) => formatStaffDateTime(m.createdAt),
  },
];

/** Every email, newest first, paged on the server; a message opens with its body (docs/email.md). */
export function OutboxTab() {
  const state = useListState(OUTBOX_LIST);
  const list = useQuery(outboxQuery(outboxListQuery.parse(state.query)));
  // The open message is kept in the address (`&message=<id>`), so a link can open it directly.
  const [openId, setOpenId] = useSearchParam('message');
  const [row, setRow] = useState<OutboxMessage | null>(null);
  return (
    <section className="space-y-4" aria-label="Outbox">
      <ListSection
        state={state}
        query={list}
        noun="emails"
        toolbar={{
          search: { label: 'Search the outbox', placeholder: 'Recipient or subject' },
          filters: [statusFilter(STATUS_OPTIONS, 'sm:w-40')],
          clear: true,
        }}
        empty={{ icon: MailIcon, text: 'Every email the product sends is listed here.' }}
        label="Outbox"
        columns={OUTBOX_COLUMNS}
        rowProps={{ 'data-testid': 'outbox-row' }}
        actions={(m) => (
          <RowButton
            word="Read"
            label={`Read the email to ${m.toEmail}`}
            onClick={() => {
              setRow(m);
              setOpenId(m.id);
            }}
          />
        )}
        pager={{ label: 'Outbox pages', noun: ['email', 'emails'] }}
      />
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

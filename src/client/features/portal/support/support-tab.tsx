import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { LifeBuoyIcon } from 'lucide-react';
import { myTicketListQuery, type MyTicket } from '@shared/contracts/support';
import { AddButton } from '@client/components/list/add-button';
import type { Column } from '@client/components/list/columns';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { OpenTicketButton, TicketTitle } from '@client/components/ticket-title';
import { Badge } from '@client/components/ui/badge';
import { formatDateTime } from '@client/lib/format';
import { myTicketsQuery } from './api';
import { NewTicketDialog } from './new-ticket-dialog';
import { STATUS_TEXT, STATUS_VARIANT } from './support-texts';
import { TicketThread } from './ticket-thread';

const isUuid = (value: string | null): value is string => !!value && /^[0-9a-f-]{36}$/i.test(value);

/**
 * `?tab=support`: the account's tickets. `&ticket=<id>` opens one (the link in the support_reply
 * email), `&new=1` opens the form (the header's Contact support and the landing page's Live Chat).
 */
function useSupportParams() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    navigate(`${path}?${next.toString()}`);
  };
  const ticket = params.get('ticket');
  return {
    ticket: isUuid(ticket) ? ticket : null,
    formOpen: params.get('new') === '1',
    openTicket: (id: string | null) => set({ ticket: id, new: null }),
    setFormOpen: (open: boolean) => set({ new: open ? '1' : null }),
  };
}

export default function SupportTab() {
  const support = useSupportParams();
  return (
    <>
      {support.ticket ? (
        <TicketThread id={support.ticket} onBack={() => support.openTicket(null)} />
      ) : (
        <MyTickets onOpen={support.openTicket} onNew={() => support.setFormOpen(true)} />
      )}
      <NewTicketDialog
        open={support.formOpen}
        onOpenChange={support.setFormOpen}
        onOpened={(ticket) => support.openTicket(ticket.id)}
      />
    </>
  );
}

const MY_TICKETS = {
  sorts: ['-lastActivityAt'],
  defaultSort: '-lastActivityAt',
  pageSize: 10,
  scope: 'tickets',
} as const;

function MyTickets({ onOpen, onNew }: { onOpen: (id: string) => void; onNew: () => void }) {
  const state = useListState(MY_TICKETS);
  const list = useQuery(
    myTicketsQuery(myTicketListQuery.parse({ page: state.page, pageSize: state.pageSize })),
  );
  const add = <AddButton onClick={onNew}>New ticket</AddButton>;
  return (
    <section aria-labelledby="my-tickets-heading" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="my-tickets-heading" className="text-lg font-semibold">
            Support tickets
          </h3>
          <p className="text-sm text-muted-foreground">
            Questions and problems you sent us, with our replies.
          </p>
        </div>
        {add}
      </div>
      <ListSection
        state={state}
        query={list}
        noun="tickets"
        empty={{
          icon: LifeBuoyIcon,
          text: 'Need help with billing, a technical problem or an idea? Open a ticket and we reply within 24 hours.',
          action: add,
        }}
        label="Your support tickets"
        columns={MY_TICKET_COLUMNS}
        rowProps={{ 'data-testid': 'my-ticket-row' }}
        actions={(t) => <OpenTicketButton ticket={t} onOpen={onOpen} />}
        pager={{ label: 'Ticket pages', noun: ['ticket', 'tickets'] }}
      />
    </section>
  );
}

const MY_TICKET_COLUMNS: readonly Column<MyTicket>[] = [
  {
    key: 'ticket',
    label: 'Ticket',
    cell: (t) => <TicketTitle ticket={t} />,
  },
  {
    key: 'status',
    label: 'Status',
    from: 'md',
    cell: (t) => (
      <span className="flex flex-wrap items-center gap-1">
        <Badge variant={STATUS_VARIANT[t.status]}>{STATUS_TEXT[t.status]}</Badge>
        {t.awaitingCustomer && t.status !== 'closed' ? <Badge variant="warning">New reply</Badge> : null}
      </span>
    ),
  },
  {
    key: 'lastActivity',
    label: 'Last activity',
    from: 'xl',
    cellClassName: 'whitespace-nowrap',
    cell: (t) => formatDateTime(t.lastActivityAt),
  },
];

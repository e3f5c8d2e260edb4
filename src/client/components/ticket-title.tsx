import { TICKET_CATEGORY_LABELS, type TicketCategory } from '@shared/contracts/support';
import { RowButton } from '@client/components/list/row-button';

/** A ticket as the ticket lists name it (staff and portal): its number and category, then its subject. */
export function TicketTitle({
  ticket,
}: {
  ticket: { number: number; category: TicketCategory; subject: string };
}) {
  return (
    <span className="flex flex-col">
      <span className="text-muted-foreground">
        #{ticket.number} · {TICKET_CATEGORY_LABELS[ticket.category]}
      </span>
      <span className="font-medium">{ticket.subject}</span>
    </span>
  );
}

/** A ticket list's row action (staff and portal): Open, named by the ticket's number. */
export function OpenTicketButton({
  ticket,
  onOpen,
}: {
  ticket: { id: string; number: number };
  onOpen: (id: string) => void;
}) {
  return <RowButton word="Open" label={`Open ticket #${ticket.number}`} onClick={() => onOpen(ticket.id)} />;
}

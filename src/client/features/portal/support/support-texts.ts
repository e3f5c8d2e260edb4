import { TICKET_CATEGORIES, TICKET_CATEGORY_LABELS, TICKET_STATUS_LABELS } from '@shared/contracts/support';
import { type TicketStatus } from '@shared/statuses';

export const CATEGORY_CHOICES = TICKET_CATEGORIES.map((value) => ({
  value,
  label: TICKET_CATEGORY_LABELS[value],
}));

/** How a customer reads a status: what happens next. */
export const STATUS_TEXT: Record<TicketStatus, string> = {
  open: 'Waiting for our team',
  in_progress: TICKET_STATUS_LABELS.in_progress,
  resolved: 'Resolved',
  closed: 'Closed',
};
export const STATUS_VARIANT: Record<TicketStatus, 'default' | 'secondary' | 'success' | 'outline'> = {
  open: 'default',
  in_progress: 'secondary',
  resolved: 'success',
  closed: 'outline',
};

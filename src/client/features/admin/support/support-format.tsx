import type { SelectOption } from '@client/components/form/option-select';
import { Badge } from '@client/components/ui/badge';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
} from '@shared/contracts/support';
import { TICKET_STATUSES, type TicketStatus } from '@shared/statuses';

export const STATUS_OPTIONS = TICKET_STATUSES.map((value) => ({ value, label: TICKET_STATUS_LABELS[value] }));
export const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((value) => ({
  value,
  label: TICKET_PRIORITY_LABELS[value],
}));
export const CATEGORY_OPTIONS = TICKET_CATEGORIES.map((value) => ({
  value,
  label: TICKET_CATEGORY_LABELS[value],
}));
export const UNASSIGNED = 'unassigned';
export const assigneeOptions = (staff: readonly { id: string; name: string }[]): SelectOption<string>[] => [
  { value: UNASSIGNED, label: 'Unassigned' },
  ...staff.map((s) => ({ value: s.id, label: s.name })),
];

const STATUS_VARIANT: Record<TicketStatus, 'default' | 'secondary' | 'success' | 'outline'> = {
  open: 'default',
  in_progress: 'secondary',
  resolved: 'success',
  closed: 'outline',
};
const PRIORITY_VARIANT: Record<TicketPriority, 'destructive' | 'warning' | 'secondary' | 'outline'> = {
  urgent: 'destructive',
  high: 'warning',
  medium: 'secondary',
  low: 'outline',
};

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{TICKET_STATUS_LABELS[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <Badge variant={PRIORITY_VARIANT[priority]}>{TICKET_PRIORITY_LABELS[priority]}</Badge>;
}

/** Hours as people say them: "45 min", "3.5 h", "2.1 days". */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${hours.toFixed(1)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

import { formatRatePercent, type Commission } from '@shared/contracts/commissions';
import type { Column } from '@client/components/list/columns';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { formatMoneyMinus } from '@client/lib/format';
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_TYPE_LABELS,
  commissionStatusBadge,
  formatDate,
} from './team-format';

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={commissionStatusBadge(status)} data-testid="commission-status">
      {COMMISSION_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** An amount, with a negative (a refund adjustment) in the destructive colour and a true minus. */
function Amount({ value, strong = false }: { value: number; strong?: boolean }) {
  return (
    <span className={cn('tabular-nums', strong && 'font-medium', value < 0 && 'text-destructive')}>
      {formatMoneyMinus(value)}
    </span>
  );
}

/** The columns every reader sees: the customer first, the amounts, the status. */
export const COMMISSION_COLUMNS: readonly Column<Commission>[] = [
  {
    key: 'customer',
    label: 'Customer',
    cellClassName: 'min-w-0',
    cell: (c) => <span className="font-medium">{c.companyName}</span>,
  },
  {
    key: 'date',
    label: 'Date',
    from: 'md',
    cellClassName: 'whitespace-nowrap',
    cell: (c) => <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>,
  },
  {
    key: 'salesUser',
    label: 'Sales user',
    from: 'xl',
    cellClassName: 'whitespace-nowrap',
    cell: (c) => c.salesUserName,
  },
  {
    key: 'type',
    label: 'Type',
    from: '4xl',
    cellClassName: 'whitespace-nowrap',
    cell: (c) => COMMISSION_TYPE_LABELS[c.commissionType],
  },
  {
    key: 'base',
    label: 'Base amount',
    from: '3xl',
    numeric: true,
    cellClassName: 'whitespace-nowrap',
    cell: (c) => <Amount value={c.baseAmount} />,
    narrowLabel: 'on',
  },
  {
    key: 'rate',
    label: 'Rate',
    from: '5xl',
    numeric: true,
    cell: (c) => formatRatePercent(c.commissionRate),
    narrowLabel: 'at',
  },
  {
    key: 'commission',
    label: 'Commission',
    numeric: true,
    cellClassName: 'whitespace-nowrap',
    cellProps: () => ({ 'data-testid': 'commission-amount' }),
    cell: (c) => <Amount value={c.commissionAmount} strong />,
  },
  { key: 'status', label: 'Status', from: 'lg', cell: (c) => <StatusBadge status={c.status} /> },
];

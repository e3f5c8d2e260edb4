import { CheckIcon } from 'lucide-react';
import { formatRatePercent, type Commission } from '@shared/contracts/commissions';
import type { Column } from '@client/components/list/columns';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { cn } from '@client/lib/cn';
import { formatMoneyMinus } from '@client/lib/format';
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_TYPE_LABELS,
  commissionStatusBadge,
  formatDate,
} from './team-format';

type TableProps = {
  /** The page's rows: the choose-all box chooses their pending ones. */
  items: readonly Commission[];
  canManage: boolean;
  chosen: ReadonlySet<string>;
  onChoose: (next: ReadonlySet<string>) => void;
  onMarkPaid: (c: Commission) => void;
};

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

/**
 * A page of commissions as a table; staff who manage users choose pending rows (a box on each, and one
 * for the page's) and mark them paid.
 */
export function commissionTable({ items, canManage, chosen, onChoose, onMarkPaid }: TableProps) {
  const pending = items.filter((c) => c.status === 'pending');
  const chosenCount = pending.filter((c) => chosen.has(c.id)).length;
  const all = pending.length > 0 && chosenCount === pending.length;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChoose(next);
  };
  const choose: Column<Commission> = {
    key: 'choose',
    label: 'Choose',
    head: (
      <Checkbox
        aria-label="Choose every pending commission on this page"
        checked={all ? true : chosenCount > 0 ? 'indeterminate' : false}
        disabled={pending.length === 0}
        onCheckedChange={(on) => onChoose(on === true ? new Set(pending.map((c) => c.id)) : new Set())}
      />
    ),
    headClassName: 'w-px',
    cellClassName: 'w-px align-top @3xl:align-middle',
    cell: (c) =>
      c.status === 'pending' ? (
        <Checkbox
          aria-label={`Choose the commission for ${c.companyName} of ${formatDate(c.createdAt)}`}
          checked={chosen.has(c.id)}
          onCheckedChange={(on) => toggle(c.id, on === true)}
          className="mt-0.5 @3xl:mt-0"
        />
      ) : null,
  };
  const columns: Column<Commission>[] = [
    ...(canManage ? [choose] : []),
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
  return {
    label: 'Commissions',
    columns,
    lead: 'customer',
    rowKey: (c: Commission) => c.id,
    rowProps: (c: Commission) => ({
      'data-testid': 'commission-row',
      'data-state': chosen.has(c.id) ? 'selected' : undefined,
    }),
    actions: canManage
      ? (c: Commission) =>
          c.status === 'pending' ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onMarkPaid(c)}
              aria-label={`Mark paid: ${c.companyName}, ${formatMoneyMinus(c.commissionAmount)}`}
            >
              <CheckIcon aria-hidden="true" />
              <span className="hidden sm:inline">Mark paid</span>
            </Button>
          ) : null
      : undefined,
  };
}

import { CheckIcon } from 'lucide-react';
import type { Commission } from '@shared/contracts/commissions';
import type { Column } from '@client/components/list/columns';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { formatMoneyMinus } from '@client/lib/format';
import { formatDate } from './team-format';
import { COMMISSION_COLUMNS } from './commission-columns';

type TableProps = {
  /** The page's rows: the choose-all box chooses their pending ones. */
  items: readonly Commission[];
  canManage: boolean;
  chosen: ReadonlySet<string>;
  onChoose: (next: ReadonlySet<string>) => void;
  onMarkPaid: (c: Commission) => void;
};

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
  const columns: Column<Commission>[] = [...(canManage ? [choose] : []), ...COMMISSION_COLUMNS];
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

import { CheckIcon } from 'lucide-react';
import { formatRatePercent, type Commission } from '@shared/contracts/commissions';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { TableRow } from '@client/components/ui/table';
import { cn } from '@client/lib/cn';
import { formatMoneyMinus } from '@client/lib/format';
import {
  COMMISSION_STATUS_LABELS,
  COMMISSION_TYPE_LABELS,
  commissionStatusBadge,
  formatDate,
} from './team-format';

type TableProps = {
  items: readonly Commission[];
  canManage: boolean;
  chosen: ReadonlySet<string>;
  onChoose: (next: ReadonlySet<string>) => void;
  onMarkPaid: (c: Commission) => void;
};

/** One page of commissions; staff who manage users choose pending rows and mark them paid. */
export function CommissionTable({ items, canManage, chosen, onChoose, onMarkPaid }: TableProps) {
  const pending = items.filter((c) => c.status === 'pending');
  const chosenCount = pending.filter((c) => chosen.has(c.id)).length;
  const all = pending.length > 0 && chosenCount === pending.length;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChoose(next);
  };
  return (
    <ListTable
      label="Commissions"
      actions={canManage}
      head={
        <>
          {canManage ? (
            <ListHead className="w-px">
              <Checkbox
                aria-label="Choose every pending commission on this page"
                checked={all ? true : chosenCount > 0 ? 'indeterminate' : false}
                disabled={pending.length === 0}
                onCheckedChange={(on) =>
                  onChoose(on === true ? new Set(pending.map((c) => c.id)) : new Set())
                }
              />
            </ListHead>
          ) : null}
          <ListHead>Customer</ListHead>
          <ListHead from="md">Date</ListHead>
          <ListHead from="xl">Sales user</ListHead>
          <ListHead from="4xl">Type</ListHead>
          <ListHead from="3xl" className="text-right">
            Base amount
          </ListHead>
          <ListHead from="5xl" className="text-right">
            Rate
          </ListHead>
          <ListHead className="text-right">Commission</ListHead>
          <ListHead from="lg">Status</ListHead>
        </>
      }
    >
      {items.map((c) => (
        <CommissionRow
          key={c.id}
          commission={c}
          canManage={canManage}
          chosen={chosen.has(c.id)}
          onChoose={(on) => toggle(c.id, on)}
          onMarkPaid={() => onMarkPaid(c)}
        />
      ))}
    </ListTable>
  );
}

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

function CommissionRow({
  commission: c,
  canManage,
  chosen,
  onChoose,
  onMarkPaid,
}: {
  commission: Commission;
  canManage: boolean;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onMarkPaid: () => void;
}) {
  const isPending = c.status === 'pending';
  const date = <time dateTime={c.createdAt}>{formatDate(c.createdAt)}</time>;
  const type = COMMISSION_TYPE_LABELS[c.commissionType];
  return (
    <TableRow data-testid="commission-row" data-state={chosen ? 'selected' : undefined}>
      {canManage ? (
        <ListCell className="w-px align-top @3xl:align-middle">
          {isPending ? (
            <Checkbox
              aria-label={`Choose the commission for ${c.companyName} of ${formatDate(c.createdAt)}`}
              checked={chosen}
              onCheckedChange={(on) => onChoose(on === true)}
              className="mt-0.5 @3xl:mt-0"
            />
          ) : null}
        </ListCell>
      ) : null}
      <ListCell className="min-w-0">
        <span className="font-medium">{c.companyName}</span>
        <NarrowDetails until="5xl">
          <NarrowItem until="md">{date}</NarrowItem>
          <NarrowItem until="xl">{c.salesUserName}</NarrowItem>
          <NarrowItem until="4xl">{type}</NarrowItem>
          <NarrowItem until="3xl">
            on <Amount value={c.baseAmount} />
          </NarrowItem>
          <NarrowItem until="5xl">at {formatRatePercent(c.commissionRate)}</NarrowItem>
          <NarrowItem until="lg">
            <StatusBadge status={c.status} />
          </NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="md" className="whitespace-nowrap">
        {date}
      </ListCell>
      <ListCell from="xl" className="whitespace-nowrap">
        {c.salesUserName}
      </ListCell>
      <ListCell from="4xl" className="whitespace-nowrap">
        {type}
      </ListCell>
      <ListCell from="3xl" className="text-right whitespace-nowrap">
        <Amount value={c.baseAmount} />
      </ListCell>
      <ListCell from="5xl" className="text-right tabular-nums">
        {formatRatePercent(c.commissionRate)}
      </ListCell>
      <ListCell className="text-right whitespace-nowrap" data-testid="commission-amount">
        <Amount value={c.commissionAmount} strong />
      </ListCell>
      <ListCell from="lg">
        <StatusBadge status={c.status} />
      </ListCell>
      {canManage ? (
        <ListCell className="text-right">
          {isPending ? (
            <Button
              variant="outline"
              size="sm"
              onClick={onMarkPaid}
              aria-label={`Mark paid: ${c.companyName}, ${formatMoneyMinus(c.commissionAmount)}`}
            >
              <CheckIcon aria-hidden="true" />
              <span className="hidden sm:inline">Mark paid</span>
            </Button>
          ) : null}
        </ListCell>
      ) : null}
    </TableRow>
  );
}

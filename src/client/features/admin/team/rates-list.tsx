import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PercentIcon } from 'lucide-react';
import { formatRatePercent, type CommissionRate } from '@shared/contracts/commissions';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListBody } from '@client/components/list/list-body';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from './team-format';

function RateStatus({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}

const RATE_COLUMNS: readonly Column<CommissionRate>[] = [
  {
    key: 'salesUser',
    label: 'Sales user',
    cell: (rate) => <span className="font-medium">{rate.salesUserName}</span>,
  },
  { key: 'plan', label: 'Plan', from: 'md', cell: (rate) => rate.planName },
  {
    key: 'rate',
    label: 'Rate',
    numeric: true,
    cellClassName: 'font-medium',
    cell: (rate) => formatRatePercent(rate.commissionRate),
  },
  { key: 'status', label: 'Status', from: 'xl', cell: (rate) => <RateStatus active={rate.isActive} /> },
  {
    key: 'created',
    label: 'Created',
    from: '2xl',
    cellClassName: 'whitespace-nowrap',
    cell: (rate) => formatDate(rate.createdAt),
    narrowLabel: true,
  },
];

/** Every rate, active ones first, with the loading, error and empty states of the list. */
export function RatesList({
  rates,
  addButton,
}: {
  rates: UseQueryResult<{ items: CommissionRate[]; total: number }>;
  addButton: ReactNode;
}) {
  return (
    <ListBody
      query={rates}
      noun="commission rates"
      isFiltered={false}
      onClearFilters={() => undefined}
      empty={{
        icon: PercentIcon,
        title: 'No commission rates yet',
        text: 'Sales users earn nothing on their customers’ payments until they have a rate for the plan.',
        action: addButton,
      }}
    >
      {(page) => (
        <ColumnTable
          label="Commission rates"
          columns={RATE_COLUMNS}
          rows={page.items}
          rowKey={(rate) => rate.id}
          rowProps={(rate) => ({ 'data-testid': 'commission-rate-row', 'data-active': rate.isActive })}
        />
      )}
    </ListBody>
  );
}

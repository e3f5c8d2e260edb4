import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PercentIcon, UserPlusIcon } from 'lucide-react';
import { formatRatePercent, type CommissionRate } from '@shared/contracts/commissions';
import { AddButton } from '@client/components/list/add-button';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListBody } from '@client/components/list/list-body';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { salesUsersQuery } from '@client/lib/sales-users';
import { ratesQuery } from './api';
import { RateDialog } from './rate-dialog';
import { formatDate } from './team-format';
import type { TeamAccess } from './use-team-access';

/**
 * The Commission Rates tab (docs/commissions.md): every rate, the active ones first, then those a newer rate
 * replaced. Rates are only for sales users, so without one the tab says to create one first.
 */
export function CommissionRatesTab({
  access,
  onCreateUser,
}: {
  access: TeamAccess;
  onCreateUser: () => void;
}) {
  const rates = useQuery({ ...ratesQuery, select: (items) => ({ items, total: items.length }) });
  const salesUsers = useQuery(salesUsersQuery);
  const [adding, setAdding] = useState(false);
  const noSalesUsers = salesUsers.data?.length === 0;

  const addButton =
    access.canManage && salesUsers.data && salesUsers.data.length > 0 ? (
      <AddButton onClick={() => setAdding(true)}>Add rate</AddButton>
    ) : null;
  const createSalesUser = access.canManage ? (
    <Button variant="outline" onClick={onCreateUser}>
      <UserPlusIcon aria-hidden="true" />
      Create user
    </Button>
  ) : null;

  return (
    <section aria-labelledby="commission-rates-heading" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <h2 id="commission-rates-heading" className="text-lg font-semibold">
            Commission rates
          </h2>
          <p className="text-sm text-muted-foreground">
            What each sales user earns per plan on the payments of their customers. A new rate replaces the
            active one; the old one stays here as inactive.
          </p>
        </div>
        {salesUsers.isPending && access.canManage ? <Skeleton className="h-9 w-28" /> : addButton}
      </div>
      {noSalesUsers && (rates.data?.total ?? 0) === 0 ? (
        <EmptyState
          icon={UserPlusIcon}
          title="No sales users yet"
          text="Commission rates are set for sales users only. Create a user with the sales role first, then give them a rate per plan."
          action={createSalesUser}
        />
      ) : (
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
      )}
      {noSalesUsers && (rates.data?.total ?? 0) > 0 ? (
        <p className="text-sm text-muted-foreground">
          There are no sales users now, so no new rate can be added. Create a user with the sales role first.
        </p>
      ) : null}
      {adding && salesUsers.data ? (
        <RateDialog
          open
          onOpenChange={(next) => !next && setAdding(false)}
          salesUsers={salesUsers.data}
          rates={rates.data?.items}
        />
      ) : null}
    </section>
  );
}

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

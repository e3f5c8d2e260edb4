import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UserPlusIcon } from 'lucide-react';
import { AddButton } from '@client/components/list/add-button';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { salesUsersQuery } from '@client/lib/sales-users';
import { ratesQuery } from './api';
import { RateDialog } from './rate-dialog';
import { RatesList } from './rates-list';
import type { TeamAccess } from './use-team-access';
import { SectionHeading } from '@client/components/section-heading';

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
        <SectionHeading id="commission-rates-heading" title="Commission rates">
          What each sales user earns per plan on the payments of their customers. A new rate replaces the
          active one; the old one stays here as inactive.
        </SectionHeading>
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
        <RatesList rates={rates} addButton={addButton} />
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

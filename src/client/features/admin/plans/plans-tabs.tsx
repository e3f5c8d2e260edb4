import { useState, type ReactNode } from 'react';
import { LayersIcon } from 'lucide-react';
import { useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import type { Plan } from '@shared/contracts/plans';
import { DEFAULT_PLAN_SORT, PLAN_PAGE_SIZE, PLAN_SORTS, PLAN_STATUSES } from './narrow-plans';
import { ManagedPlans } from './managed-plans';
import { PlanList, PlansSkeleton, type PlanListProps } from './plan-views';

/** The overview tab shows this many plans (docs/plans.md). */
const OVERVIEW_PLAN_COUNT = 5;

/** Both tabs' empty state, before any plan exists. */
const PLANS_EMPTY = {
  icon: LayersIcon,
  title: 'Create Your First Plan',
  text: 'No subscription plans exist yet. Create one and it appears on the pricing page for new customers.',
};

/**
 * The plans list's state in the address, and the open tab: an address that narrows the list (a
 * bookmark, Back) opens on Plans Management.
 */
export function usePlansListTab() {
  const listState = useListState({
    sorts: PLAN_SORTS,
    defaultSort: DEFAULT_PLAN_SORT,
    filters: { status: PLAN_STATUSES },
    pageSize: PLAN_PAGE_SIZE,
  });
  const [tab, setTab] = useState(() =>
    listState.isFiltered || listState.sort !== DEFAULT_PLAN_SORT || listState.page > 1
      ? 'management'
      : 'overview',
  );
  return { listState, tab, setTab };
}

/** Overview (the first plans, See all) and Plans Management (every plan, searched, sorted and paged). */
export function PlansTabs({
  tab,
  setTab: onTabChange,
  isLoading,
  plans,
  listState,
  enabled,
  createButton,
  listProps,
}: ReturnType<typeof usePlansListTab> & {
  isLoading: boolean;
  plans: Plan[];
  enabled: boolean;
  createButton: ReactNode;
  listProps: Omit<PlanListProps, 'plans' | 'sorting'>;
}) {
  return (
    <Tabs value={tab} onValueChange={onTabChange}>
      {/* Wraps onto two lines on phones instead of hiding tabs off-screen. */}
      <TabsList className="h-auto flex-wrap sm:h-9 sm:flex-nowrap">
        <TabsTrigger className="h-7 sm:h-full" value="overview">
          Overview
        </TabsTrigger>
        <TabsTrigger className="h-7 sm:h-full" value="management">
          Plans Management
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview" className="space-y-4">
        {isLoading ? (
          <PlansSkeleton />
        ) : plans.length === 0 ? (
          <EmptyState {...PLANS_EMPTY} action={createButton} />
        ) : (
          <PlanList plans={plans.slice(0, OVERVIEW_PLAN_COUNT)} {...listProps} />
        )}
        {!isLoading && plans.length > OVERVIEW_PLAN_COUNT ? (
          <div className="flex justify-center">
            <Button variant="outline" onClick={() => onTabChange('management')}>
              See all {plans.length} plans
            </Button>
          </div>
        ) : null}
      </TabsContent>
      <TabsContent value="management">
        {isLoading ? (
          <PlansSkeleton />
        ) : (
          <ManagedPlans
            state={listState}
            enabled={enabled}
            empty={PLANS_EMPTY}
            emptyAction={createButton}
            {...listProps}
          />
        )}
      </TabsContent>
    </Tabs>
  );
}

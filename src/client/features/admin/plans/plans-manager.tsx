import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, LayersIcon, LockIcon, ShieldAlertIcon } from 'lucide-react';
import { useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { TooltipProvider } from '@client/components/ui/tooltip';
import { errorMessageOf } from '@client/lib/api';
import { ACCESS_DENIED_MESSAGE } from '@shared/roles';
import type { Plan } from '@shared/contracts/plans';
import { staffPlansQuery } from '@client/lib/staff-plans';
import { planStatsQuery } from './api';
import { DeletePlanDialog } from './delete-plan-dialog';
import { ManagedPlans } from './managed-plans';
import { DEFAULT_PLAN_SORT, PLAN_PAGE_SIZE, PLAN_SORTS, PLAN_STATUSES } from './narrow-plans';
import { PlanDetailDialog } from './plan-detail-dialog';
import { PlanFormDialog } from './plan-form-dialog';
import { figuresOf, summarize } from './plan-format';
import { PLAN_TEXTS } from './plan-texts';
import { CreatePlanButton, PlanList, PlansSkeleton, ViewToggle, type ViewMode } from './plan-views';
import { SummaryCards } from './summary-cards';
import { usePlanAccess } from './use-plan-access';

/** The overview tab shows this many plans (docs/plans.md). */
const OVERVIEW_PLAN_COUNT = 5;

/**
 * The subscription plans manager (docs/plans.md): content only, so the admin shell's plans tab and the
 * standalone /plans page can both frame it. All figures come from the plans and plan-stats calls.
 */
/** The page's h1, as every admin tab has one; `headingLevel` is for a frame that brings its own. */
export default function PlansManager({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const access = usePlanAccess();
  // Disabled for staff who may not see plans, so they do not trigger a 403.
  const plansQuery = useQuery({ ...staffPlansQuery, enabled: access.canView });
  const statsQuery = useQuery({ ...planStatsQuery, enabled: access.canView });
  const listState = useListState({
    sorts: PLAN_SORTS,
    defaultSort: DEFAULT_PLAN_SORT,
    filters: { status: PLAN_STATUSES },
    pageSize: PLAN_PAGE_SIZE,
  });
  const [view, setView] = useState<ViewMode>('grid');
  // An address that narrows the list (a bookmark, Back) opens on the list it narrows.
  const [tab, setTab] = useState(() =>
    listState.isFiltered || listState.sort !== DEFAULT_PLAN_SORT || listState.page > 1
      ? 'management'
      : 'overview',
  );
  // The plan form: `{ plan: null }` creates, `{ plan }` edits that plan.
  const [formOf, setFormOf] = useState<{ plan: Plan | null } | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const plans = useMemo(() => plansQuery.data ?? [], [plansQuery.data]);
  const stats = statsQuery.data;
  // isPending, not isLoading: a query waiting for the session (disabled) still counts as loading here.
  const isLoading = access.isLoading || plansQuery.isPending || statsQuery.isPending;
  const error = plansQuery.error ?? statsQuery.error;
  const summary = useMemo(
    () => (isLoading || error ? null : summarize(plans, stats)),
    [isLoading, error, plans, stats],
  );
  // Look plans up by id so an open dialog shows fresh figures after a mutation refetches the list.
  const viewing = plans.find((p) => p.id === viewingId) ?? null;
  const deleting = plans.find((p) => p.id === deletingId) ?? null;

  const Heading = headingLevel;
  const canEdit = access.canEdit;

  if (!access.isLoading && !access.canView) {
    return (
      <EmptyState
        icon={ShieldAlertIcon}
        title="Access Denied"
        text={`${ACCESS_DENIED_MESSAGE}. Your role: ${access.role ?? 'none'}.`}
      />
    );
  }

  const retry = () => {
    void plansQuery.refetch();
    void statsQuery.refetch();
  };

  const listProps = {
    stats,
    view,
    canEdit,
    onView: (plan: Plan) => setViewingId(plan.id),
    onEdit: (plan: Plan) => setFormOf({ plan }),
    onDelete: (plan: Plan) => setDeletingId(plan.id),
  };

  const createButton = <CreatePlanButton canEdit={canEdit} onClick={() => setFormOf({ plan: null })} />;
  const empty = {
    icon: LayersIcon,
    title: 'Create Your First Plan',
    text: 'No subscription plans exist yet. Create one and it appears on the pricing page for new customers.',
  };

  return (
    <TooltipProvider>
      <div className="space-y-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <Heading className="text-2xl font-semibold tracking-tight">Subscription Plans Manager</Heading>
            <p className="text-sm text-muted-foreground">
              Prices, limits and features of the plans customers subscribe to, with their live customer
              figures.
            </p>
          </div>
          <div className="flex items-center gap-2">
            <ViewToggle value={view} onChange={setView} />
            {createButton}
          </div>
        </div>

        {!canEdit && !access.isLoading ? (
          <p
            id="plans-read-only-reason"
            className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
          >
            <LockIcon className="size-4 shrink-0" aria-hidden="true" />
            View only. {PLAN_TEXTS.readOnly}
          </p>
        ) : null}

        {error ? (
          <EmptyState
            icon={AlertTriangleIcon}
            title="Plans could not be loaded"
            text={errorMessageOf(error, 'The server did not answer. Check your connection and try again.')}
            action={
              <Button variant="outline" onClick={retry}>
                Try again
              </Button>
            }
          />
        ) : (
          <SummaryCards summary={summary} />
        )}

        {error ? null : (
          <Tabs value={tab} onValueChange={setTab}>
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
                <EmptyState {...empty} action={createButton} />
              ) : (
                <PlanList plans={plans.slice(0, OVERVIEW_PLAN_COUNT)} {...listProps} />
              )}
              {!isLoading && plans.length > OVERVIEW_PLAN_COUNT ? (
                <div className="flex justify-center">
                  <Button variant="outline" onClick={() => setTab('management')}>
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
                  enabled={access.canView}
                  empty={empty}
                  emptyAction={createButton}
                  {...listProps}
                />
              )}
            </TabsContent>
          </Tabs>
        )}
      </div>

      {formOf ? (
        <PlanFormDialog
          key={formOf.plan?.id ?? 'new'}
          plan={formOf.plan}
          open
          onOpenChange={(open) => !open && setFormOf(null)}
        />
      ) : null}
      <PlanDetailDialog plan={viewing} stats={stats} onOpenChange={(open) => !open && setViewingId(null)} />
      <DeletePlanDialog
        plan={deleting}
        customerCount={deleting ? figuresOf(stats, deleting.id).customerCount : 0}
        onOpenChange={(open) => !open && setDeletingId(null)}
      />
    </TooltipProvider>
  );
}

import { useMemo, useState } from 'react';
import {
  AlertTriangleIcon,
  BarChart3Icon,
  LayoutGridIcon,
  LayersIcon,
  ListIcon,
  LockIcon,
  PlusIcon,
  SettingsIcon,
  ShieldAlertIcon,
} from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@client/components/ui/tooltip';
import { errorMessageOf } from '@client/lib/api';
import { ACCESS_DENIED_MESSAGE } from '@shared/roles';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import { usePlanStats, usePlans } from './api';
import { CreatePlanDialog } from './create-plan-dialog';
import { DeletePlanDialog } from './delete-plan-dialog';
import { PlanCard } from './plan-card';
import { PlanDetailDialog } from './plan-detail-dialog';
import { figuresOf, summarize } from './plan-format';
import { PLAN_TEXTS } from './plan-texts';
import { PlansTable } from './plans-table';
import { SummaryCards } from './summary-cards';
import { usePlanAccess } from './use-plan-access';

type ViewMode = 'grid' | 'table';
/** The overview tab shows this many plans (spec 2 §2). */
const OVERVIEW_PLAN_COUNT = 5;

function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (v: ViewMode) => void }) {
  const options = [
    { mode: 'grid' as const, label: 'Grid view', icon: LayoutGridIcon },
    { mode: 'table' as const, label: 'Table view', icon: ListIcon },
  ];
  return (
    <div role="group" aria-label="Plan layout" className="inline-flex rounded-md border bg-background p-0.5">
      {options.map(({ mode, label, icon: Icon }) => (
        <Button
          key={mode}
          variant={value === mode ? 'secondary' : 'ghost'}
          size="sm"
          className="h-8 px-2.5"
          aria-pressed={value === mode}
          aria-label={label}
          title={label}
          onClick={() => onChange(mode)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}

/** Create Plan, or the same button greyed out with the reason in a tooltip for view-only roles. */
function CreatePlanButton({ canEdit, onClick }: { canEdit: boolean; onClick: () => void }) {
  if (canEdit) {
    return (
      <Button onClick={onClick}>
        <PlusIcon aria-hidden="true" />
        Create Plan
      </Button>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* aria-disabled, not disabled: a disabled button gets no hover or focus, so no tooltip. */}
        <Button
          aria-disabled="true"
          aria-describedby="plans-read-only-reason"
          className="cursor-not-allowed opacity-50 hover:bg-primary"
        >
          <LockIcon aria-hidden="true" />
          Create Plan
        </Button>
      </TooltipTrigger>
      <TooltipContent>{PLAN_TEXTS.readOnly}</TooltipContent>
    </Tooltip>
  );
}

function PlansSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} className="space-y-4 p-5">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-24" />
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, j) => (
              <Skeleton key={j} className="h-3.5 w-full" />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

type PlanListProps = {
  plans: Plan[];
  stats: PlanStats | undefined;
  view: ViewMode;
  canEdit: boolean;
  onView: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
};

function PlanList({ plans, stats, view, canEdit, onView, onDelete }: PlanListProps) {
  if (view === 'table') {
    return <PlansTable plans={plans} stats={stats} canEdit={canEdit} onView={onView} onDelete={onDelete} />;
  }
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          figures={figuresOf(stats, plan.id)}
          canEdit={canEdit}
          onView={() => onView(plan)}
          onDelete={() => onDelete(plan)}
        />
      ))}
    </div>
  );
}

/**
 * The subscription plans manager (spec 2 §2): content only, so the admin shell's plans tab and the
 * standalone /plans page can both frame it. All figures come from the plans and plan-stats calls.
 */
/** The page's h1, as every admin tab has one; `headingLevel` is for a frame that brings its own. */
export default function PlansManager({ headingLevel = 'h1' }: { headingLevel?: 'h1' | 'h2' }) {
  const access = usePlanAccess();
  const plansQuery = usePlans(access.canView);
  const statsQuery = usePlanStats(access.canView);
  const [view, setView] = useState<ViewMode>('grid');
  const [tab, setTab] = useState('overview');
  const [createOpen, setCreateOpen] = useState(false);
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
    onDelete: (plan: Plan) => setDeletingId(plan.id),
  };

  const emptyState = (
    <EmptyState
      icon={LayersIcon}
      title="Create Your First Plan"
      text="No subscription plans exist yet. Create one and it appears on the pricing page for new customers."
      action={<CreatePlanButton canEdit={canEdit} onClick={() => setCreateOpen(true)} />}
    />
  );

  function body(list: Plan[]) {
    if (isLoading) return <PlansSkeleton />;
    if (error) return null;
    if (plans.length === 0) return emptyState;
    return <PlanList plans={list} {...listProps} />;
  }

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
            <CreatePlanButton canEdit={canEdit} onClick={() => setCreateOpen(true)} />
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
              <TabsTrigger className="h-7 sm:h-full" value="analytics">
                Analytics
              </TabsTrigger>
              <TabsTrigger className="h-7 sm:h-full" value="settings">
                Settings
              </TabsTrigger>
            </TabsList>
            <TabsContent value="overview" className="space-y-4">
              {body(plans.slice(0, OVERVIEW_PLAN_COUNT))}
              {!isLoading && plans.length > OVERVIEW_PLAN_COUNT ? (
                <div className="flex justify-center">
                  <Button variant="outline" onClick={() => setTab('management')}>
                    See all {plans.length} plans
                  </Button>
                </div>
              ) : null}
            </TabsContent>
            <TabsContent value="management">{body(plans)}</TabsContent>
            <TabsContent value="analytics">
              <EmptyState
                icon={BarChart3Icon}
                title="Plan analytics are coming soon"
                text="Customer and revenue trends per plan over time are not built yet, so nothing is shown here. The figures above are live."
              />
            </TabsContent>
            <TabsContent value="settings">
              <EmptyState
                icon={SettingsIcon}
                title="Plan settings are coming soon"
                text="Settings that apply to every plan are not built yet. Each plan's price, limits and status are managed under Plans Management."
              />
            </TabsContent>
          </Tabs>
        )}
      </div>

      <CreatePlanDialog open={createOpen} onOpenChange={setCreateOpen} />
      <PlanDetailDialog plan={viewing} stats={stats} onOpenChange={(open) => !open && setViewingId(null)} />
      <DeletePlanDialog
        plan={deleting}
        customerCount={deleting ? figuresOf(stats, deleting.id).customerCount : 0}
        onOpenChange={(open) => !open && setDeletingId(null)}
      />
    </TooltipProvider>
  );
}

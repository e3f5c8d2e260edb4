import { LayoutGridIcon, ListIcon, LockIcon, PlusIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@client/components/ui/tooltip';
import { PlanCard } from './plan-card';
import { figuresOf } from './plan-format';
import { PLAN_TEXTS } from './plan-texts';
import { PlansTable, type PlansTableProps } from './plans-table';

/* The plans manager's parts: the layout switch, Create Plan, the loading cards and the plans themselves. */

export type ViewMode = 'grid' | 'table';

export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (v: ViewMode) => void }) {
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

export /** Create Plan, or the same button greyed out with the reason in a tooltip for view-only roles. */
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

export function PlansSkeleton() {
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

export type PlanListProps = PlansTableProps & { view: ViewMode };

/** The plans as cards (grid) or rows (table). */
export function PlanList({ view, ...list }: PlanListProps) {
  if (view === 'table') return <PlansTable {...list} />;
  const { plans, stats, canEdit, onView, onEdit, onDelete } = list;
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          figures={figuresOf(stats, plan.id)}
          canEdit={canEdit}
          onView={() => onView(plan)}
          onEdit={() => onEdit(plan)}
          onDelete={() => onDelete(plan)}
        />
      ))}
    </div>
  );
}

import { CarIcon, UsersIcon } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { formatPrice } from '@client/lib/format';
import type { Plan } from '@shared/contracts/plans';
import { PlanActions } from './plan-actions';
import { PlanStatusBadge, PopularBadge } from './plan-badges';
import { PlanFeaturesList } from './plan-features-list';
import { formatLimit, type PlanFigures } from './plan-format';

/** One plan in the grid view; Edit opens the plan's form (PlanFormDialog). */
export function PlanCard({
  plan,
  figures,
  canEdit,
  onView,
  onEdit,
  onDelete,
}: {
  plan: Plan;
  figures: PlanFigures;
  canEdit: boolean;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const customers = figures.customerCount;
  return (
    <Card
      data-testid={`plan-card-${plan.id}`}
      className="flex flex-col"
      aria-label={plan.name}
      role="article"
    >
      <div className="flex flex-col gap-3 p-5 pb-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 className="truncate text-lg font-semibold leading-tight">{plan.name}</h2>
            <p className="text-xs text-muted-foreground">
              {customers} {customers === 1 ? 'customer' : 'customers'} · {formatPrice(figures.monthlyRevenue)}
              /mo revenue
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
            {customers > 0 ? <PopularBadge /> : null}
            <PlanStatusBadge active={plan.active} />
          </div>
        </div>
        {plan.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{plan.description}</p>
        ) : null}
      </div>

      <div className="flex-1 space-y-4 border-t px-5 py-4">
        <p>
          <span className="text-3xl font-bold tracking-tight" data-testid="plan-price">
            {formatPrice(plan.price)}
          </span>
          <span className="text-sm text-muted-foreground">/month</span>
        </p>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
          <div className="flex items-center gap-2">
            <CarIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">Vehicles</dt>
            <dd className="ml-auto font-medium">{formatLimit(plan.vehicleLimit)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <UsersIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">Users</dt>
            <dd className="ml-auto font-medium">{formatLimit(plan.userLimit)}</dd>
          </div>
        </dl>
        <div>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Features
          </h3>
          <PlanFeaturesList features={plan.features} />
        </div>
      </div>

      <div className="flex items-center justify-end border-t px-3 py-2">
        <PlanActions plan={plan} canEdit={canEdit} onView={onView} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </Card>
  );
}

import type { Column } from '@client/components/list/columns';
import { formatPrice } from '@client/lib/format';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import { PlanActions } from './plan-actions';
import { PlanStatusBadge, PopularBadge } from './plan-badges';
import { figuresOf, formatLimit, type PlanFigures } from './plan-format';

const price = (plan: Plan) => (
  <>
    {formatPrice(plan.price)}
    <span className="text-muted-foreground">/mo</span>
  </>
);

const LIMIT_COLUMNS: readonly Column<Plan>[] = [
  {
    key: 'vehicles',
    label: 'Vehicles',
    from: 'xl',
    cell: (plan) => formatLimit(plan.vehicleLimit),
    narrow: (plan) => `${formatLimit(plan.vehicleLimit)} vehicles`,
  },
  {
    key: 'users',
    label: 'Users',
    from: 'xl',
    cell: (plan) => formatLimit(plan.userLimit),
    narrow: (plan) => `${formatLimit(plan.userLimit)} users`,
  },
];

/** Customers and revenue stand together in the narrow detail: "3 customers, $147/mo". */
function figureColumns(figures: (plan: Plan) => PlanFigures): Column<Plan>[] {
  return [
    {
      key: 'customers',
      label: 'Customers',
      sort: 'customers',
      newestFirst: true,
      from: '3xl',
      cell: (plan) => figures(plan).customerCount,
      narrow: (plan) => {
        const { customerCount, monthlyRevenue } = figures(plan);
        return `${customerCount} ${customerCount === 1 ? 'customer' : 'customers'}, ${formatPrice(monthlyRevenue)}/mo`;
      },
    },
    {
      key: 'revenue',
      label: 'Revenue',
      sort: 'revenue',
      newestFirst: true,
      from: '3xl',
      cellClassName: 'whitespace-nowrap',
      cell: (plan) => formatPrice(figures(plan).monthlyRevenue),
      narrow: false,
    },
  ];
}

/** The plans table's columns: the plan, its price and limits, its live figures, status and actions. */
export function planColumns({
  stats,
  canEdit,
  onView,
  onEdit,
  onDelete,
}: {
  stats: PlanStats | undefined;
  canEdit: boolean;
  onView: (plan: Plan) => void;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
}): Column<Plan>[] {
  const figures = (plan: Plan) => figuresOf(stats, plan.id);
  return [
    {
      key: 'plan',
      label: 'Plan',
      sort: 'name',
      cellClassName: '@3xl:min-w-48',
      cell: (plan) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{plan.name}</span>
            {figures(plan).customerCount > 0 ? <PopularBadge /> : null}
          </div>
          <div className="text-xs text-muted-foreground">{plan.id}</div>
        </>
      ),
    },
    {
      key: 'price',
      label: 'Price',
      sort: 'price',
      from: 'md',
      cellClassName: 'whitespace-nowrap',
      cell: price,
    },
    ...LIMIT_COLUMNS,
    ...figureColumns(figures),
    { key: 'status', label: 'Status', from: 'lg', cell: (plan) => <PlanStatusBadge active={plan.active} /> },
    {
      key: 'actions',
      label: 'Actions',
      cell: (plan) => (
        <PlanActions
          plan={plan}
          canEdit={canEdit}
          onView={() => onView(plan)}
          onEdit={() => onEdit(plan)}
          onDelete={() => onDelete(plan)}
          className="flex-wrap justify-end @3xl:flex-nowrap"
        />
      ),
    },
  ];
}

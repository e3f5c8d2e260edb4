import { SortHeader } from '@client/components/list/sort-header';
import {
  ListCell,
  ListHead,
  NarrowDetails,
  NarrowItem,
  type ColumnWidth,
} from '@client/components/list/columns';
import { ListTable } from '@client/components/list/list-table';
import { TableRow } from '@client/components/ui/table';
import { formatPrice } from '@client/lib/format';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import type { PlanSort } from './narrow-plans';
import { PlanActions } from './plan-actions';
import { PlanStatusBadge, PopularBadge } from './plan-badges';
import { figuresOf, formatLimit } from './plan-format';

type RowProps = {
  plan: Plan;
  stats: PlanStats | undefined;
  canEdit: boolean;
  onView: (plan: Plan) => void;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
};

function PlanRow({ plan, stats, canEdit, onView, onEdit, onDelete }: RowProps) {
  const figures = figuresOf(stats, plan.id);
  const price = (
    <>
      {formatPrice(plan.price)}
      <span className="text-muted-foreground">/mo</span>
    </>
  );
  return (
    <TableRow data-testid={`plan-row-${plan.id}`}>
      <ListCell className="@3xl:min-w-48">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{plan.name}</span>
          {figures.customerCount > 0 ? <PopularBadge /> : null}
        </div>
        <div className="text-xs text-muted-foreground">{plan.id}</div>
        <NarrowDetails until="3xl">
          <NarrowItem until="md">{price}</NarrowItem>
          <NarrowItem until="xl">{formatLimit(plan.vehicleLimit)} vehicles</NarrowItem>
          <NarrowItem until="xl">{formatLimit(plan.userLimit)} users</NarrowItem>
          <NarrowItem until="3xl">
            {figures.customerCount} {figures.customerCount === 1 ? 'customer' : 'customers'},{' '}
            {formatPrice(figures.monthlyRevenue)}/mo
          </NarrowItem>
          <NarrowItem until="lg">
            <PlanStatusBadge active={plan.active} />
          </NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="md" className="whitespace-nowrap">
        {price}
      </ListCell>
      <ListCell from="xl">{formatLimit(plan.vehicleLimit)}</ListCell>
      <ListCell from="xl">{formatLimit(plan.userLimit)}</ListCell>
      <ListCell from="3xl">{figures.customerCount}</ListCell>
      <ListCell from="3xl" className="whitespace-nowrap">
        {formatPrice(figures.monthlyRevenue)}
      </ListCell>
      <ListCell from="lg">
        <PlanStatusBadge active={plan.active} />
      </ListCell>
      <ListCell>
        <PlanActions
          plan={plan}
          canEdit={canEdit}
          onView={() => onView(plan)}
          onEdit={() => onEdit(plan)}
          onDelete={() => onDelete(plan)}
          className="flex-wrap justify-end @3xl:flex-nowrap"
        />
      </ListCell>
    </TableRow>
  );
}

type Sorting = { sort: PlanSort; onSort: (sort: PlanSort) => void };

/**
 * The table view: priority columns (components/list/columns), so on a narrow screen the figures move under
 * the plan's name and its actions stay in view.
 */
export function PlansTable({
  plans,
  sorting,
  ...rest
}: { plans: Plan[]; sorting?: Sorting } & Omit<RowProps, 'plan'>) {
  // Sortable headers when the list can be reordered; the figures start with the largest.
  const head = (label: string, from?: ColumnWidth, field?: string, largestFirst = false) =>
    sorting && field ? (
      <SortHeader
        field={field}
        label={label}
        sort={sorting.sort}
        onSort={sorting.onSort}
        newestFirst={largestFirst}
        from={from}
      />
    ) : (
      <ListHead from={from}>{label}</ListHead>
    );
  return (
    <div className="rounded-xl border bg-card">
      <ListTable
        actions={false}
        framed={false}
        head={
          <>
            {head('Plan', undefined, 'name')}
            {head('Price', 'md', 'price')}
            {head('Vehicles', 'xl')}
            {head('Users', 'xl')}
            {head('Customers', '3xl', 'customers', true)}
            {head('Revenue', '3xl', 'revenue', true)}
            {head('Status', 'lg')}
            {head('Actions')}
          </>
        }
      >
        {plans.map((plan) => (
          <PlanRow key={plan.id} plan={plan} {...rest} />
        ))}
      </ListTable>
    </div>
  );
}

import { CheckIcon, XIcon } from 'lucide-react';
import { SortHeader } from '@client/components/list/sort-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import { LimitInput } from './limits-inputs';
import type { PlanSort } from './narrow-plans';
import { IconAction, PlanActions } from './plan-actions';
import { PlanStatusBadge, PopularBadge } from './plan-badges';
import { figuresOf, formatLimit, formatMoney } from './plan-format';
import { useLimitsEditor } from './use-limits-editor';

type RowProps = {
  plan: Plan;
  stats: PlanStats | undefined;
  canEdit: boolean;
  onView: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
};

function PlanRow({ plan, stats, canEdit, onView, onDelete }: RowProps) {
  const editor = useLimitsEditor(plan);
  const figures = figuresOf(stats, plan.id);
  return (
    <TableRow data-testid={`plan-row-${plan.id}`}>
      <TableCell className="min-w-48">
        <div className="flex items-center gap-2">
          <span className="font-medium">{plan.name}</span>
          {figures.customerCount > 0 ? <PopularBadge /> : null}
        </div>
        <div className="text-xs text-muted-foreground">{plan.id}</div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {editor.editing ? (
          <LimitInput editor={editor} field="price" planName={plan.name} compact />
        ) : (
          <>
            {formatMoney(plan.price)}
            <span className="text-muted-foreground">/mo</span>
          </>
        )}
      </TableCell>
      <TableCell>
        {editor.editing ? (
          <LimitInput editor={editor} field="vehicleLimit" planName={plan.name} compact />
        ) : (
          formatLimit(plan.vehicleLimit)
        )}
      </TableCell>
      <TableCell>
        {editor.editing ? (
          <LimitInput editor={editor} field="userLimit" planName={plan.name} compact />
        ) : (
          formatLimit(plan.userLimit)
        )}
      </TableCell>
      <TableCell>{figures.customerCount}</TableCell>
      <TableCell className="whitespace-nowrap">{formatMoney(figures.monthlyRevenue)}</TableCell>
      <TableCell>
        <PlanStatusBadge active={plan.active} />
      </TableCell>
      <TableCell>
        {editor.editing ? (
          <div className="flex items-center gap-0.5">
            <IconAction
              label={`Save ${plan.name}`}
              onClick={() => void editor.save()}
              disabled={editor.isSaving}
            >
              <CheckIcon aria-hidden="true" />
            </IconAction>
            <IconAction
              label={`Cancel editing ${plan.name}`}
              onClick={editor.cancel}
              disabled={editor.isSaving}
            >
              <XIcon aria-hidden="true" />
            </IconAction>
          </div>
        ) : (
          <PlanActions
            plan={plan}
            canEdit={canEdit}
            editing={false}
            onView={() => onView(plan)}
            onEdit={editor.start}
            onDelete={() => onDelete(plan)}
          />
        )}
      </TableCell>
    </TableRow>
  );
}

type Sorting = { sort: PlanSort; onSort: (sort: PlanSort) => void };

/** The table view: scrolls sideways on narrow screens (the Table wrapper does that). */
export function PlansTable({
  plans,
  sorting,
  ...rest
}: { plans: Plan[]; sorting?: Sorting } & Omit<RowProps, 'plan'>) {
  // Sortable headers when the list can be reordered; the figures start with the largest.
  const head = (label: string, field?: string, largestFirst = false) =>
    sorting && field ? (
      <SortHeader
        field={field}
        label={label}
        sort={sorting.sort}
        onSort={sorting.onSort}
        newestFirst={largestFirst}
      />
    ) : (
      <TableHead>{label}</TableHead>
    );
  return (
    <div className="rounded-xl border bg-card">
      <Table className="min-w-[760px]">
        <TableHeader>
          <TableRow>
            {head('Plan', 'name')}
            {head('Price', 'price')}
            {head('Vehicles')}
            {head('Users')}
            {head('Customers', 'customers', true)}
            {head('Revenue', 'revenue', true)}
            {head('Status')}
            {head('Actions')}
          </TableRow>
        </TableHeader>
        <TableBody>
          {plans.map((plan) => (
            <PlanRow key={plan.id} plan={plan} {...rest} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

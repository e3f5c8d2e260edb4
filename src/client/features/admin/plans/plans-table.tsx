import { ColumnTable } from '@client/components/list/column-table';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import type { PlanSort } from './narrow-plans';
import { planColumns } from './plan-columns';

export type PlansTableProps = {
  plans: Plan[];
  /** The list's order, which the table's column headers change (the overview has none). */
  sorting?: { sort: PlanSort; onSort: (sort: PlanSort) => void };
  stats: PlanStats | undefined;
  canEdit: boolean;
  onView: (plan: Plan) => void;
  onEdit: (plan: Plan) => void;
  onDelete: (plan: Plan) => void;
};

/**
 * The table view: priority columns (components/list/columns), so on a narrow screen the figures move under
 * the plan's name and its actions stay in view. Sortable headers when the list can be reordered; the
 * figures start with the largest.
 */
export function PlansTable({ plans, sorting, stats, canEdit, onView, onEdit, onDelete }: PlansTableProps) {
  const columns = planColumns({ stats, canEdit, onView, onEdit, onDelete });
  return (
    <div className="rounded-xl border bg-card">
      <ColumnTable
        framed={false}
        columns={columns}
        rows={plans}
        rowProps={(plan) => ({ 'data-testid': `plan-row-${plan.id}` })}
        sorting={sorting}
      />
    </div>
  );
}

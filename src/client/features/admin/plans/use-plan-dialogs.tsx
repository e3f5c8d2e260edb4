import { useState } from 'react';
import type { Plan, PlanStats } from '@shared/contracts/plans';
import { DeletePlanDialog } from './delete-plan-dialog';
import { PlanDetailDialog } from './plan-detail-dialog';
import { PlanFormDialog } from './plan-form-dialog';
import { figuresOf } from './plan-format';

/**
 * The plans manager's dialogs: the plan form (create or edit), a plan's details and its deletion, with
 * the handlers that open them.
 */
export function usePlanDialogs(plans: Plan[], stats: PlanStats | undefined) {
  // The plan form: `{ plan: null }` creates, `{ plan }` edits that plan.
  const [formOf, setFormOf] = useState<{ plan: Plan | null } | null>(null);
  const [viewingId, setViewingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  // Look plans up by id so an open dialog shows fresh figures after a mutation refetches the list.
  const viewing = plans.find((p) => p.id === viewingId) ?? null;
  const deleting = plans.find((p) => p.id === deletingId) ?? null;

  const dialogs = (
    <>
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
    </>
  );
  return {
    dialogs,
    onCreate: () => setFormOf({ plan: null }),
    onView: (plan: Plan) => setViewingId(plan.id),
    onEdit: (plan: Plan) => setFormOf({ plan }),
    onDelete: (plan: Plan) => setDeletingId(plan.id),
  };
}

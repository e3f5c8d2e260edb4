import { ConfirmDialog } from '@client/components/confirm-dialog';
import type { Plan } from '@shared/contracts/plans';
import { useDeletePlan } from './api';
import { PLAN_TEXTS, toastPlanDone, toastPlanFailed } from './plan-texts';

/** Confirms a delete and says what it means: the plan is withdrawn, its customers keep it. */
export function DeletePlanDialog({
  plan,
  customerCount,
  onOpenChange,
}: {
  plan: Plan | null;
  customerCount: number;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeletePlan();
  return (
    <ConfirmDialog
      open={plan !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${plan?.name ?? 'plan'}?`}
      description={
        <p>
          The plan leaves the pricing page and this list, so new customers can no longer choose it. Existing
          customers keep their plan and its price
          {customerCount > 0
            ? ` (${customerCount} ${customerCount === 1 ? 'customer is' : 'customers are'} on it now).`
            : ' (no customer is on it now).'}{' '}
          Its id stays reserved.
        </p>
      }
      confirmLabel="Delete plan"
      onConfirm={async () => {
        if (!plan) return;
        try {
          await remove.mutateAsync(plan.id);
          toastPlanDone(PLAN_TEXTS.deleted, PLAN_TEXTS.deletedDescription);
        } catch (error) {
          toastPlanFailed(PLAN_TEXTS.deleteFailed, error);
        }
        onOpenChange(false);
      }}
    />
  );
}

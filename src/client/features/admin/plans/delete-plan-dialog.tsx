import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import type { Plan } from '@shared/contracts/plans';
import { useDeletePlan } from './api';

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
    <AlertDialog open={plan !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {plan?.name ?? 'plan'}?</AlertDialogTitle>
          <AlertDialogDescription>
            The plan leaves the pricing page and this list, so new customers can no longer choose it. Existing
            customers keep their plan and its price
            {customerCount > 0
              ? ` (${customerCount} ${customerCount === 1 ? 'customer is' : 'customers are'} on it now).`
              : ' (no customer is on it now).'}{' '}
            Its id stays reserved.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(e) => {
              // Keep the dialog open until the server answers, so a failure is not hidden.
              e.preventDefault();
              if (!plan) return;
              remove.mutate(plan.id, { onSettled: () => onOpenChange(false) });
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete plan'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { PlanChangePreview } from '@shared/contracts/portal';
import { ApiError } from '@client/lib/calls';
import { errorMessageOf } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { useChangeCustomerPlan } from './api';
import { CUSTOMER_TEXTS } from './customer-texts';

/**
 * Confirms a staff plan change at the previewed amount: Plan Upgraded (with what was charged) or Plan
 * Change Scheduled; when the amount moved on since the preview, the preview refetches and the dialog
 * stays to confirm the new one.
 */
export function useConfirmPlanChange(
  customerId: string,
  planId: string,
  preview: UseQueryResult<PlanChangePreview>,
  onDone: () => void,
) {
  const change = useChangeCustomerPlan();
  const kind = preview.data?.kind;
  return async () => {
    if (!preview.data) return;
    try {
      const done = await change.mutateAsync({
        id: customerId,
        planId,
        expectedAmount: preview.data.amountDueToday,
      });
      toast({
        title: kind === 'upgrade' ? 'Plan Upgraded' : 'Plan Change Scheduled',
        description:
          done.chargedAmount > 0
            ? `${done.message} ${formatMoney(done.chargedAmount)} was charged for the rest of this period.`
            : done.message,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      toast({
        title: CUSTOMER_TEXTS.planChangeFailed,
        description: errorMessageOf(error, CUSTOMER_TEXTS.planChangeFailed),
        variant: 'destructive',
      });
      // The amount moved on since the preview: stay, and show the new amount to confirm.
      if (error instanceof ApiError && error.errorType === 'amount_changed') await preview.refetch();
    }
  };
}

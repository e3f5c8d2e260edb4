import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PlanChangePreview } from '@shared/contracts/portal';
import { ApiError } from '@client/lib/calls';
import { errorMessageOf } from '@client/lib/api';
import { formatDate, formatMoney } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import {
  planChangePreviewKey,
  useCancelSubscription,
  useDowngradePlan,
  useResumeSubscription,
  useUpgradePlan,
} from '../api';
import type { PendingAction } from './plan-cards';
import type { PlanChange } from './plan-change-dialog';
import type { SubscriptionAction } from './plan-confirmation';

/** An upgrade or a downgrade, confirmed with the figures its preview showed; `onDone` closes its dialog. */
function usePlanChange(email: string, onDone: () => void) {
  const upgrade = useUpgradePlan(email);
  const downgrade = useDowngradePlan(email);
  const queryClient = useQueryClient();

  const changePlan = async (change: PlanChange, preview: PlanChangePreview) => {
    try {
      if (change.kind === 'upgrade') {
        const result = await upgrade.mutateAsync({
          planId: change.plan.id,
          expectedAmount: preview.amountDueToday,
        });
        toast({
          title: 'Upgrade Successful',
          description:
            result.chargedAmount > 0
              ? `You are now on ${result.planName}. ${formatMoney(result.chargedAmount)} was charged for the rest of this period.`
              : `You are now on ${result.planName}.`,
          variant: 'success',
        });
      } else {
        const result = await downgrade.mutateAsync(change.plan.id);
        const when = formatDate(result.effectiveAt);
        toast({
          title: 'Downgrade Scheduled',
          description: when
            ? `Your plan changes to ${result.planName} on ${when}.`
            : `Your plan changes to ${result.planName} at the end of this period.`,
          variant: 'success',
        });
      }
    } catch (error) {
      toast({
        title: change.kind === 'upgrade' ? 'Upgrade Failed' : 'Downgrade Failed',
        description: errorMessageOf(error, 'Your plan could not be changed. Please try again.'),
        variant: 'destructive',
      });
      // The amount moved on since the preview: the dialog stays, showing the new amount to confirm.
      if (error instanceof ApiError && error.errorType === 'amount_changed') {
        await queryClient.invalidateQueries({ queryKey: planChangePreviewKey });
        return;
      }
    }
    onDone();
  };

  return { changePlan, busy: upgrade.isPending || downgrade.isPending };
}

/** Cancel at the period's end, or take a cancellation back; `onDone` closes the confirmation. */
function useSubscriptionAction(email: string, onDone: () => void) {
  const cancel = useCancelSubscription(email);
  const resume = useResumeSubscription(email);

  const runSubscription = async (action: SubscriptionAction) => {
    try {
      if (action.kind === 'resume') {
        const result = await resume.mutateAsync();
        toast({ title: 'Subscription Resumed', description: result.message, variant: 'success' });
      } else {
        const result = await cancel.mutateAsync();
        const until = formatDate(result.endsAt);
        toast({
          title: 'Subscription Cancelled',
          description: until ? `You keep full access until ${until}.` : result.message,
          variant: 'success',
        });
      }
    } catch (error) {
      if (action.kind === 'cancel') {
        const server = errorMessageOf(error, '');
        toast({
          title: 'Cancellation Failed',
          description: ['Unable to cancel subscription. Please contact support.', server]
            .filter(Boolean)
            .join(' '),
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Resume Failed',
          description: errorMessageOf(error, 'Your subscription could not be resumed. Please try again.'),
          variant: 'destructive',
        });
      }
    }
    onDone();
  };

  return { runSubscription, busy: cancel.isPending || resume.isPending };
}

/**
 * The Plans tab's changes: the one waiting for its confirmation (`pending`), and each change run once
 * confirmed, answered by a toast.
 */
export function usePlanActions(email: string) {
  const [pending, setPending] = useState<PendingAction>(null);
  const close = () => setPending(null);
  const planChange = usePlanChange(email, close);
  const subscription = useSubscriptionAction(email, close);
  return {
    pending,
    setPending,
    busy: planChange.busy || subscription.busy,
    changePlan: planChange.changePlan,
    runSubscription: subscription.runSubscription,
  };
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PackageIcon } from 'lucide-react';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { bothQueries, QueryView } from '@client/components/query-view';
import { EmptyState } from '@client/components/ui/empty-state';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import type { Plan } from '@shared/contracts/plans';
import type { BillingInfo, PlanChangePreview } from '@shared/contracts/portal';
import { ApiError, errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import {
  billingInfoQuery,
  planChangePreviewKey,
  portalPlansQuery,
  profileQuery,
  useCancelSubscription,
  useDowngradePlan,
  useResumeSubscription,
  useUpgradePlan,
} from '../api';
import { formatDate, formatMoney } from '@client/lib/format';
import { CurrentPlanCard, PlanCard, type PendingAction } from './plan-cards';
import { PlanChangeDialog, type PlanChange } from './plan-change-dialog';
import { confirmationText, type SubscriptionAction } from './plan-confirmation';

function PlansSkeleton() {
  return (
    <LoadingBlock label="Loading plans">
      <Skeleton className="h-48 rounded-xl" />
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-80 rounded-xl" />
        ))}
      </div>
    </LoadingBlock>
  );
}

/** The Plans tab (docs/customer-portal.md): the current plan, the catalogue and the plan changes. */
export default function PlansTab({ email }: { email: string }) {
  const billing = useQuery(billingInfoQuery);
  const plans = useQuery(portalPlansQuery);
  return (
    <QueryView query={bothQueries(billing, plans)} noun="plans" skeleton={<PlansSkeleton />}>
      {([info, catalogue]) => <PlansSections email={email} info={info} catalogue={catalogue} />}
    </QueryView>
  );
}

function PlansSections({ email, info, catalogue }: { email: string; info: BillingInfo; catalogue: Plan[] }) {
  const profile = useQuery(profileQuery(email));
  const upgrade = useUpgradePlan(email);
  const downgrade = useDowngradePlan(email);
  const cancel = useCancelSubscription(email);
  const resume = useResumeSubscription(email);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAction>(null);
  const busy = upgrade.isPending || downgrade.isPending || cancel.isPending || resume.isPending;

  const currentPlan = catalogue.find((p) => p.id === info.currentPlan.id);
  const carLimit = currentPlan ? currentPlan.vehicleLimit : (profile.data?.carLimit ?? null);
  const userLimit = currentPlan ? currentPlan.userLimit : (profile.data?.userLimit ?? null);

  /** An upgrade or a downgrade, confirmed with the figures its preview showed. */
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
    setPending(null);
  };

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
    setPending(null);
  };

  const subscriptionAction = pending?.kind === 'cancel' || pending?.kind === 'resume' ? pending : null;
  const planChange = pending?.kind === 'upgrade' || pending?.kind === 'downgrade' ? pending : null;
  const text = subscriptionAction
    ? confirmationText(subscriptionAction, info, currentPlan?.price ?? info.currentPlan.price)
    : null;

  return (
    <div className="grid gap-6">
      <CurrentPlanCard
        billing={info}
        plan={currentPlan}
        carLimit={carLimit}
        userLimit={userLimit}
        onCancel={currentPlan ? undefined : () => setPending({ kind: 'cancel' })}
        onResume={() => setPending({ kind: 'resume' })}
        busy={busy}
      />
      <section aria-labelledby="available-plans" className="grid gap-4">
        <h3 id="available-plans" className="text-lg font-semibold tracking-tight">
          Available plans
        </h3>
        {catalogue.length === 0 ? (
          <EmptyState
            icon={PackageIcon}
            headingLevel="h4"
            title="No plans are offered right now"
            className="bg-background"
          />
        ) : (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {catalogue.map((plan) => (
              <PlanCard key={plan.id} plan={plan} billing={info} onChoose={setPending} busy={busy} />
            ))}
          </div>
        )}
      </section>
      {text && subscriptionAction ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={text.title}
          description={text.body}
          confirmLabel={text.confirmLabel}
          cancelLabel={text.cancelLabel}
          variant={text.variant}
          pending={busy}
          onConfirm={() => runSubscription(subscriptionAction)}
        />
      ) : null}
      {planChange ? (
        <PlanChangeDialog
          key={`${planChange.kind}:${planChange.plan.id}`}
          email={email}
          change={planChange}
          billing={info}
          pending={busy}
          onOpenChange={(open) => !open && setPending(null)}
          onConfirm={(preview) => changePlan(planChange, preview)}
        />
      ) : null}
    </div>
  );
}

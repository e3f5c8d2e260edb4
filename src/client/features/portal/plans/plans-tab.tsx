import { useQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { bothQueries, QueryView } from '@client/components/query-view';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton, Skeletons } from '@client/components/ui/skeleton';
import type { Plan } from '@shared/contracts/plans';
import type { BillingInfo } from '@shared/contracts/portal';
import { billingInfoQuery, portalPlansQuery, profileQuery } from '../api';
import { AvailablePlans } from './available-plans';
import { CurrentPlanCard } from './current-plan-card';
import { PlanChangeDialog } from './plan-change-dialog';
import { confirmationText } from './plan-confirmation';
import { usePlanActions } from './use-plan-actions';

function PlansSkeleton() {
  return (
    <LoadingBlock label="Loading plans">
      <Skeleton className="h-48 rounded-xl" />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeletons count={3} className="h-80 rounded-xl" />
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
  const { pending, setPending, busy, changePlan, runSubscription } = usePlanActions(email);

  const currentPlan = catalogue.find((p) => p.id === info.currentPlan.id);
  const carLimit = currentPlan ? currentPlan.vehicleLimit : (profile.data?.carLimit ?? null);
  const userLimit = currentPlan ? currentPlan.userLimit : (profile.data?.userLimit ?? null);

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
      <AvailablePlans catalogue={catalogue} billing={info} onChoose={setPending} busy={busy} />
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

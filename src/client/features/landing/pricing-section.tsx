import { AlertCircleIcon } from 'lucide-react';
import type { Plan } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import { POPULAR_PLAN_ID, TRIAL_DAYS } from '@shared/constants';
import type { usePublicPlans } from './api';
import { LandingButton, LandingSkeleton as Skeleton } from './landing-ui';
import { LandingSection } from './section-heading';
import { formatPrice } from '@client/lib/format';
import { PlanIncludes } from '@client/components/plan-includes';

/** The limits first, then the plan's enabled feature flags in the contract's order. */
export function planFeatureList(plan: Plan): string[] {
  const limits = [
    plan.vehicleLimit === null ? 'Unlimited vehicles' : `Up to ${plan.vehicleLimit} vehicles`,
    plan.userLimit === null ? 'Unlimited users' : `Up to ${plan.userLimit} users`,
  ];
  return [
    ...limits,
    ...PLAN_FEATURE_FLAGS.filter((flag) => plan.features[flag]).map((f) => PLAN_FEATURE_LABELS[f]),
  ];
}

/** The plan named Professional carries the badge; the id is the fallback if renamed. */
function isPopular(plan: Plan): boolean {
  return plan.name.trim().toLowerCase() === 'professional' || plan.id === POPULAR_PLAN_ID;
}

function PlanCard({ plan, onChoose }: { plan: Plan; onChoose: (planId: string) => void }) {
  const popular = isPopular(plan);
  return (
    <li
      data-testid={`plan-card-${plan.id}`}
      className={`relative flex flex-col rounded-2xl border bg-card p-6 sm:p-8 ${
        popular ? 'border-primary shadow-lg ring-1 ring-primary' : 'shadow-sm'
      }`}
    >
      {popular ? (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground shadow">
          Most Popular
        </span>
      ) : null}
      <h3 className="text-xl font-semibold">{plan.name}</h3>
      {plan.description ? <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p> : null}
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatPrice(plan.price)}</span>
        <span className="text-muted-foreground">/month</span>
      </p>
      <PlanIncludes
        planName={plan.name}
        items={planFeatureList(plan)}
        className="mt-6 grid flex-1 content-start gap-3 text-sm"
      />
      <LandingButton
        className="mt-8 w-full"
        size="lg"
        variant={popular ? 'default' : 'outline'}
        aria-label={`Get Started with ${plan.name}`}
        onClick={() => onChoose(plan.id)}
      >
        Get Started
      </LandingButton>
    </li>
  );
}

function PlanSkeleton() {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border bg-card p-8 shadow-sm">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="mt-2 h-10 w-1/3" />
      <div className="mt-2 grid gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
      <Skeleton className="mt-4 h-10 w-full" />
    </li>
  );
}

export function PricingSection({
  plans,
  onChoose,
}: {
  plans: ReturnType<typeof usePublicPlans>;
  onChoose: (planId: string) => void;
}) {
  return (
    <LandingSection
      name="pricing-title"
      anchor="pricing"
      heading={{
        eyebrow: 'Pricing',
        title: 'Simple plans that grow with you',
        text: `Every plan starts with a ${TRIAL_DAYS}-day free trial. No credit card required.`,
        className: 'mb-14',
      }}
    >
      {plans.status === 'error' ? (
        <div
          role="alert"
          className="mx-auto flex max-w-lg flex-col items-center gap-3 rounded-xl border border-dashed p-8 text-center"
        >
          <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
          <p className="font-medium">Plans could not be loaded right now.</p>
          <p className="text-sm text-muted-foreground">{plans.error}</p>
          <LandingButton variant="outline" onClick={plans.reload}>
            Try again
          </LandingButton>
        </div>
      ) : plans.status === 'ready' && plans.plans.length === 0 ? (
        <p className="text-center text-muted-foreground">
          No plans are open for sign-up at the moment. Please contact us below.
        </p>
      ) : (
        <ul
          aria-busy={plans.status === 'loading'}
          className="mx-auto grid max-w-md gap-8 lg:max-w-none lg:grid-cols-3 lg:items-stretch"
        >
          {plans.status === 'loading'
            ? [0, 1, 2].map((i) => <PlanSkeleton key={i} />)
            : plans.plans.map((plan) => <PlanCard key={plan.id} plan={plan} onChoose={onChoose} />)}
        </ul>
      )}
    </LandingSection>
  );
}

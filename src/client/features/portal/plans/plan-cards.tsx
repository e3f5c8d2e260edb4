import type { Plan } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { limitText } from '@client/components/payments/plan-change-preview';
import { PlanIncludes } from '@client/components/plan-includes';
import { formatMoney } from '@client/lib/format';
import { CancelsOnBadge, cancellationDate } from './cancellation-badge';
import { featureTier } from './feature-tier';
import { PlanCardFooter } from './plan-card-footer';
import { planStanding, type PlanCardProps } from './plan-standing';

const POPULAR_PLAN_ID = 'professional';

export type PendingAction =
  | { kind: 'upgrade'; plan: Plan }
  | { kind: 'downgrade'; plan: Plan }
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | null;

export function PlanCard({ plan, billing, onChoose, busy }: PlanCardProps) {
  const { isCurrent, isScheduled } = planStanding(plan, billing);
  const cancelsOn = cancellationDate(billing);
  const features = PLAN_FEATURE_FLAGS.filter((flag) => plan.features[flag]).map(
    (flag) => PLAN_FEATURE_LABELS[flag],
  );
  const headingId = `plan-${plan.id}-name`;

  return (
    <Card
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.id}`}
      className={cn('relative flex flex-col', isCurrent && 'border-primary ring-1 ring-primary')}
    >
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle asHeading="h3" id={headingId}>
            {plan.name}
          </CardTitle>
          {plan.id === POPULAR_PLAN_ID ? <Badge>Popular</Badge> : null}
          {isCurrent ? <Badge variant="secondary">Current plan</Badge> : null}
          {isCurrent && cancelsOn ? <CancelsOnBadge date={cancelsOn} /> : null}
          {isScheduled ? <Badge variant="warning">Scheduled</Badge> : null}
        </div>
        {plan.description ? <CardDescription>{plan.description}</CardDescription> : null}
        <p className="mt-2 text-3xl font-bold tracking-tight">
          {formatMoney(plan.price)}
          <span className="text-sm font-normal text-muted-foreground">/month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <PlanIncludes
          planName={plan.name}
          items={[
            limitText(plan.vehicleLimit, 'vehicles'),
            limitText(plan.userLimit, 'users'),
            `${featureTier(plan.id)} features`,
            ...features,
          ]}
          className="grid gap-2 text-sm"
        />
      </CardContent>
      <PlanCardFooter plan={plan} billing={billing} onChoose={onChoose} busy={busy} />
    </Card>
  );
}

import type { ReactNode } from 'react';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  CalendarClockIcon,
  CheckIcon,
  RotateCcwIcon,
  XCircleIcon,
} from 'lucide-react';
import { cancelledPlanChangeMessage, type BillingInfo } from '@shared/contracts/portal';
import type { Plan } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { limitText } from '@client/components/payments/plan-change-preview';
import { formatDate, formatMoney } from '@client/lib/format';
import { CancelsOnBadge, cancellationDate } from './cancellation-badge';

/** Feature tiers (docs/customer-portal.md "Plans"). */
export function featureTier(planId: string): string {
  switch (planId) {
    case 'starter':
      return 'Basic';
    case 'professional':
      return 'Advanced';
    case 'enterprise':
      return 'Premium';
    default:
      return 'Custom';
  }
}

const POPULAR_PLAN_ID = 'professional';

/** Plan changes the server accepts only on a running subscription (trialing or active). */
const CHANGEABLE = new Set(['trialing', 'active']);

export type PendingAction =
  | { kind: 'upgrade'; plan: Plan }
  | { kind: 'downgrade'; plan: Plan }
  | { kind: 'cancel' }
  | { kind: 'resume' }
  | null;

const NOTICE_TONES = {
  change: { icon: CalendarClockIcon, frame: 'border-warning/40 bg-warning/10', iconColor: 'text-warning' },
  cancellation: {
    icon: XCircleIcon,
    frame: 'border-destructive/40 bg-destructive/10',
    iconColor: 'text-destructive',
  },
} as const;

/** What is already scheduled for the end of the period: a plan change or the cancellation. */
function ScheduledNotice({
  testId,
  tone,
  children,
}: {
  testId: string;
  tone: keyof typeof NOTICE_TONES;
  children: ReactNode;
}) {
  const { icon: Icon, frame, iconColor } = NOTICE_TONES[tone];
  return (
    <p
      role="status"
      data-testid={testId}
      className={cn('flex items-start gap-2 rounded-lg border p-3 text-sm', frame)}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', iconColor)} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

export function CurrentPlanCard({
  billing,
  plan,
  carLimit,
  userLimit,
  onCancel,
  onResume,
  busy = false,
}: {
  billing: BillingInfo;
  plan: Plan | undefined;
  carLimit: number | null;
  userLimit: number | null;
  /** Shown here only when the current plan is no longer in the catalogue (so it has no card below). */
  onCancel?: () => void;
  /** Takes a pending cancellation back (shown while one is pending). */
  onResume?: () => void;
  busy?: boolean;
}) {
  const periodEnd = formatDate(billing.currentPeriodEnd);
  const cancelsOn = cancellationDate(billing);
  const trialEnd = billing.subscriptionStatus === 'trialing' ? formatDate(billing.trialEndsAt) : null;
  return (
    <Card data-testid="current-plan">
      <CardHeader className="gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardDescription>Current plan</CardDescription>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle asHeading="h3" className="text-2xl">
              {billing.currentPlan.name}
            </CardTitle>
            {cancelsOn ? <CancelsOnBadge date={cancelsOn} /> : null}
          </div>
        </div>
        <p className="text-2xl font-bold tracking-tight">
          {formatMoney(billing.currentPlan.price)}
          <span className="text-sm font-normal text-muted-foreground">/month</span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Vehicle limit</dt>
            <dd className="font-semibold">{carLimit === null ? 'Unlimited' : carLimit}</dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">User limit</dt>
            <dd className="font-semibold">{userLimit === null ? 'Unlimited' : userLimit}</dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">Feature tier</dt>
            <dd className="font-semibold">{featureTier(plan?.id ?? billing.currentPlan.id)}</dd>
          </div>
        </dl>
        {billing.scheduledPlan && periodEnd ? (
          <ScheduledNotice testId="scheduled-change" tone="change">
            <span className="font-medium">
              Changes to {billing.scheduledPlan.name} on {periodEnd}
            </span>{' '}
            ({formatMoney(billing.scheduledPlan.price)}/month from then). You keep {billing.currentPlan.name}{' '}
            until that date.
          </ScheduledNotice>
        ) : null}
        {cancelsOn && periodEnd ? (
          <div className="grid gap-2">
            <ScheduledNotice testId="scheduled-cancellation" tone="cancellation">
              <span className="font-medium">Ends on {periodEnd}</span>. Your subscription was cancelled; you
              keep full access until then. Changed your mind? Resume it before that date and it renews as
              before; plans can change again once it is resumed.
            </ScheduledNotice>
            {onResume ? (
              <Button className="justify-self-start" onClick={onResume} disabled={busy}>
                <RotateCcwIcon aria-hidden="true" />
                Resume Subscription
              </Button>
            ) : null}
          </div>
        ) : null}
        {trialEnd ? <p className="text-sm text-muted-foreground">Free trial until {trialEnd}.</p> : null}
        {onCancel && !billing.cancelAtPeriodEnd && billing.subscriptionStatus !== 'canceled' ? (
          <Button
            variant="outline"
            className="justify-self-start text-destructive hover:text-destructive"
            onClick={onCancel}
          >
            Cancel Subscription
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function PlanCard({
  plan,
  billing,
  onChoose,
  busy,
}: {
  plan: Plan;
  billing: BillingInfo;
  onChoose: (action: Exclude<PendingAction, null>) => void;
  busy: boolean;
}) {
  const isCurrent = plan.id === billing.currentPlan.id;
  const isScheduled = billing.scheduledPlan?.id === plan.id;
  const cancelsOn = cancellationDate(billing);
  const changeable = CHANGEABLE.has(billing.subscriptionStatus);
  const currentPrice = billing.currentPlan.price;
  const features = PLAN_FEATURE_FLAGS.filter((flag) => plan.features[flag]).map(
    (flag) => PLAN_FEATURE_LABELS[flag],
  );
  const headingId = `plan-${plan.id}-name`;

  let action: ReactNode;
  let hint: string | null = null;
  if (isCurrent) {
    action = (
      <Button
        variant="outline"
        className="w-full text-destructive hover:text-destructive"
        disabled={busy || billing.cancelAtPeriodEnd || billing.subscriptionStatus === 'canceled'}
        onClick={() => onChoose({ kind: 'cancel' })}
      >
        Cancel Subscription
      </Button>
    );
    if (billing.cancelAtPeriodEnd)
      hint = 'Cancellation is already scheduled. Resume Subscription (above) keeps this plan.';
  } else if (plan.price > currentPrice) {
    action = (
      <Button
        className="w-full"
        disabled={busy || !changeable || billing.cancelAtPeriodEnd}
        onClick={() => onChoose({ kind: 'upgrade', plan })}
      >
        <ArrowUpIcon aria-hidden="true" />
        Upgrade to {plan.name}
      </Button>
    );
  } else if (plan.price < currentPrice) {
    action = (
      <Button
        variant="outline"
        className="w-full"
        disabled={busy || !changeable || isScheduled || billing.cancelAtPeriodEnd}
        onClick={() => onChoose({ kind: 'downgrade', plan })}
      >
        <ArrowDownIcon aria-hidden="true" />
        Downgrade to {plan.name}
      </Button>
    );
    if (isScheduled) hint = 'This change is already scheduled.';
  } else {
    action = (
      <Button variant="outline" className="w-full" disabled>
        Same price as your plan
      </Button>
    );
    hint = 'Contact support to switch between plans of the same price.';
  }
  if (!isCurrent && billing.cancelAtPeriodEnd && !hint) {
    hint = cancelledPlanChangeMessage(formatDate(billing.currentPeriodEnd) ?? 'the end of this period');
  }
  if (!isCurrent && !changeable && !hint) hint = 'Complete your payment first to change plans.';

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
        <ul className="grid gap-2 text-sm" aria-label={`${plan.name} includes`}>
          {[
            limitText(plan.vehicleLimit, 'vehicles'),
            limitText(plan.userLimit, 'users'),
            `${featureTier(plan.id)} features`,
            ...features,
          ].map((line) => (
            <li key={line} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">
        {action}
        {hint ? <p className="text-center text-xs text-muted-foreground">{hint}</p> : null}
      </CardFooter>
    </Card>
  );
}

import type { ReactNode } from 'react';
import { CalendarClockIcon, RotateCcwIcon, XCircleIcon } from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import type { Plan } from '@shared/contracts/plans';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { formatDate, formatMoney } from '@client/lib/format';
import { CancelsOnBadge, cancellationDate } from './cancellation-badge';
import { featureTier } from './feature-tier';

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

/** The plan's vehicle and user limits and its feature tier. */
function PlanLimits({
  carLimit,
  userLimit,
  planId,
}: {
  carLimit: number | null;
  userLimit: number | null;
  planId: string;
}) {
  return (
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
        <dd className="font-semibold">{featureTier(planId)}</dd>
      </div>
    </dl>
  );
}

/** A plan change or a cancellation waiting for the end of the period, with Resume for the latter. */
function ScheduledNotices({
  billing,
  onResume,
  busy,
}: {
  billing: BillingInfo;
  onResume?: () => void;
  busy: boolean;
}) {
  const periodEnd = formatDate(billing.currentPeriodEnd);
  const cancelsOn = cancellationDate(billing);
  return (
    <>
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
    </>
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
        <PlanLimits carLimit={carLimit} userLimit={userLimit} planId={plan?.id ?? billing.currentPlan.id} />
        <ScheduledNotices billing={billing} onResume={onResume} busy={busy} />
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

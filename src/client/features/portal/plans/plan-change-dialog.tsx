import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@shared/contracts/plans';
import type { BillingInfo, PlanChangePreview } from '@shared/contracts/portal';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { FormNotice } from '@client/components/form-notice';
import { QueryView } from '@client/components/query-view';
import { LoadingBlock } from '@client/components/loading-block';
import { Skeleton } from '@client/components/ui/skeleton';
import { statusOf } from '@client/lib/api';
import { planChangePreviewQuery } from '../api';
import { formatDate, formatMoney } from '../billing/format';
import { limitText } from './plan-cards';

export type PlanChange = { kind: 'upgrade' | 'downgrade'; plan: Plan };

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note: ReactNode;
  testId: string;
}) {
  return (
    <div className="grid content-start gap-0.5 rounded-lg border p-3" data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tracking-tight">{value}</dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

// billing/card-name.ts's cardName takes a whole saved card; the preview names only brand and last4.
const brandName = (brand: string) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');

/** The server's figures for the change: what is charged today and the monthly price from when. */
function PreviewFigures({ preview, plan }: { preview: PlanChangePreview; plan: Plan }) {
  const periodEnd = formatDate(preview.periodEnd) ?? 'the end of this period';
  const card = preview.paymentMethod;
  let todayNote: string;
  if (preview.kind === 'downgrade') todayNote = `Nothing changes until ${periodEnd}.`;
  else if (preview.trialing) todayNote = 'You are on a free trial, so nothing is charged now.';
  else if (preview.amountDueToday === 0) todayNote = 'The difference is under $0.50, so it is not charged.';
  else
    todayNote = `The prorated difference until ${periodEnd}${card ? `, charged to ${brandName(card.brand)} ending in ${card.last4}` : ''}.`;
  const monthlyNote =
    preview.kind === 'downgrade'
      ? `From ${periodEnd}, with ${limitText(plan.vehicleLimit, 'vehicles').toLowerCase()} and ${limitText(plan.userLimit, 'users').toLowerCase()}.`
      : `From ${periodEnd}, your next billing date.`;
  return (
    <dl className="grid gap-2 sm:grid-cols-2" data-testid="plan-change-preview">
      <Figure
        label="Charged today"
        value={formatMoney(preview.amountDueToday)}
        note={todayNote}
        testId="preview-today"
      />
      <Figure
        label="New monthly price"
        value={`${formatMoney(preview.newMonthlyPrice)}/month`}
        note={monthlyNote}
        testId="preview-monthly"
      />
    </dl>
  );
}

/** An upgrade needs a card when something is charged today; without one it cannot go ahead. */
export function needsCard(preview: PlanChangePreview | undefined): boolean {
  return !!preview && preview.kind === 'upgrade' && preview.amountDueToday > 0 && !preview.paymentMethod;
}

/**
 * The confirmation of an upgrade or a downgrade. It asks the server first what the change would
 * charge and when (the same function the change itself uses), and the confirm button waits for
 * that answer: nothing is charged that was not shown here.
 */
export function PlanChangeDialog({
  email,
  change,
  billing,
  pending,
  onOpenChange,
  onConfirm,
}: {
  email: string;
  change: PlanChange;
  billing: BillingInfo;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (preview: PlanChangePreview) => Promise<void>;
}) {
  const preview = useQuery(planChangePreviewQuery(email, change.plan.id));
  const verb = change.kind === 'upgrade' ? 'Upgrade' : 'Downgrade';
  const periodEnd = formatDate(billing.currentPeriodEnd) ?? 'the end of your billing period';
  const description =
    change.kind === 'upgrade' ? (
      <p>
        {change.plan.name} applies immediately, with its limits and features. The amount below is what is
        charged when you confirm.
      </p>
    ) : (
      <p>
        The change takes effect at the end of your billing period, on {periodEnd}. Until then you keep{' '}
        {billing.currentPlan.name} and its limits.
      </p>
    );

  const body = (
    <QueryView
      query={preview}
      noun="the amount"
      skeleton={
        <LoadingBlock label="Working out the amount" className="gap-2 sm:grid-cols-2">
          <Skeleton className="h-24 rounded-lg" />
          <Skeleton className="h-24 rounded-lg" />
        </LoadingBlock>
      }
      failure={{
        // A refusal (the fleet does not fit, no card) reads differently from an outage.
        title: (error) =>
          (statusOf(error) ?? 500) < 500
            ? 'This change cannot be made'
            : 'The amount could not be worked out',
        className: 'py-6',
      }}
    >
      {(figures) => (
        <div className="grid gap-3">
          <PreviewFigures preview={figures} plan={change.plan} />
          {needsCard(figures) ? (
            <FormNotice>
              Add a payment method under Billing &amp; Payments first: the amount above is charged when you
              upgrade.
            </FormNotice>
          ) : null}
        </div>
      )}
    </QueryView>
  );

  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`${verb} to ${change.plan.name}?`}
      description={description}
      confirmLabel={`${verb} to ${change.plan.name}`}
      cancelLabel="Keep current plan"
      variant="default"
      pending={pending}
      confirmDisabled={!preview.isSuccess || preview.isFetching || needsCard(preview.data)}
      onConfirm={() => (preview.data ? onConfirm(preview.data) : undefined)}
    >
      {body}
    </ConfirmDialog>
  );
}

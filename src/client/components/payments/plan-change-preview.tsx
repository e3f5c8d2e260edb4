import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PlanChangePreview } from '@shared/contracts/portal';
import { FormNotice } from '@client/components/form-notice';
import { LoadingBlock } from '@client/components/loading-block';
import { QueryView } from '@client/components/query-view';
import { Skeleton } from '@client/components/ui/skeleton';
import { statusOf } from '@client/lib/api';
import { formatDate, formatMoney } from '@client/lib/format';

/** A plan limit in words: `10 vehicles`, or `Unlimited vehicles` where the plan sets none. */
export function limitText(limit: number | null, noun: string): string {
  return limit === null ? `Unlimited ${noun}` : `${limit} ${noun}`;
}

/** An upgrade needs a card when something is charged today; without one it cannot go ahead. */
export function needsCard(preview: PlanChangePreview | undefined): boolean {
  return !!preview && preview.kind === 'upgrade' && preview.amountDueToday > 0 && !preview.paymentMethod;
}

/** Who reads the figures: the customer themselves (portal), or staff changing a customer's plan. */
export type PlanChangeReader = 'customer' | 'staff';

type TargetLimits = { vehicleLimit: number | null; userLimit: number | null };

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note: string;
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

// The preview names only brand and last4 of the card, not the whole saved card.
const brandName = (brand: string) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');

/** The server's figures for the change: what is charged today and the monthly price from when. */
function PreviewFigures({
  preview,
  target,
  reader,
}: {
  preview: PlanChangePreview;
  target: TargetLimits;
  reader: PlanChangeReader;
}) {
  const periodEnd = formatDate(preview.periodEnd) ?? 'the end of this period';
  const card = preview.paymentMethod;
  let todayNote: string;
  if (preview.kind === 'downgrade') todayNote = `Nothing changes until ${periodEnd}.`;
  else if (preview.trialing)
    todayNote = `${reader === 'customer' ? 'You are' : 'The customer is'} on a free trial, so nothing is charged now.`;
  else if (preview.amountDueToday === 0) todayNote = 'The difference is under $0.50, so it is not charged.';
  else
    todayNote = `The prorated difference until ${periodEnd}${card ? `, charged to ${brandName(card.brand)} ending in ${card.last4}` : ''}.`;
  const monthlyNote =
    preview.kind === 'downgrade'
      ? `From ${periodEnd}, with ${limitText(target.vehicleLimit, 'vehicles').toLowerCase()} and ${limitText(target.userLimit, 'users').toLowerCase()}.`
      : `From ${periodEnd}, ${reader === 'customer' ? 'your' : 'the'} next billing date.`;
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

/**
 * The body of every plan-change confirmation, portal and staff alike: the server's preview of the
 * change (the same function the change itself uses), a skeleton while it is worked out, a refusal that
 * reads apart from an outage, and `noCard` where an upgrade would charge a customer without a card.
 * The confirm button of the dialog around it waits for `preview` and `needsCard`.
 */
export function PlanChangePreviewView({
  preview,
  target,
  reader,
  noCard,
}: {
  preview: UseQueryResult<PlanChangePreview>;
  target: TargetLimits;
  reader: PlanChangeReader;
  noCard: ReactNode;
}) {
  return (
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
          <PreviewFigures preview={figures} target={target} reader={reader} />
          {needsCard(figures) ? <FormNotice>{noCard}</FormNotice> : null}
        </div>
      )}
    </QueryView>
  );
}

import { CalendarIcon } from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { formatDate, formatMoney, formatShortDate } from '@client/lib/format';
import { Stat } from './billing-stat';

/** Why there is no next charge, in the customer's words. */
function noChargeReason(billing: BillingInfo): string {
  if (billing.cancelAtPeriodEnd) {
    const end = formatDate(billing.currentPeriodEnd);
    return end ? `Your subscription was cancelled and ends on ${end}.` : 'Your subscription was cancelled.';
  }
  if (billing.subscriptionStatus === 'canceled') return 'Your subscription has ended.';
  if (billing.subscriptionStatus === 'pending')
    return 'Your subscription needs a payment: complete checkout.';
  return 'No charge is scheduled.';
}

/** The next charge's date and amount, or why there is none. */
export function NextBillingStat({ billing }: { billing: BillingInfo }) {
  const next = formatShortDate(billing.nextBillingDate);
  const trialingWithoutCard =
    billing.subscriptionStatus === 'trialing' && billing.paymentMethods.length === 0;
  return (
    <Stat
      title="Next Billing"
      icon={CalendarIcon}
      testId="billing-next"
      note={
        next && billing.nextBillingAmount !== null
          ? trialingWithoutCard
            ? `${formatMoney(billing.nextBillingAmount)} when your trial ends. Add a card first.`
            : `${formatMoney(billing.nextBillingAmount)}${billing.scheduledPlan ? ` (${billing.scheduledPlan.name})` : ''}`
          : noChargeReason(billing)
      }
    >
      {next ? (
        // The short form fits the card at every width; the full date is in the title.
        <time
          dateTime={billing.nextBillingDate ?? undefined}
          title={formatDate(billing.nextBillingDate) ?? undefined}
          className="text-xl whitespace-nowrap"
        >
          {next}
        </time>
      ) : (
        <span className="text-lg">No upcoming charge</span>
      )}
    </Stat>
  );
}

import { BadgeCheckIcon, DollarSignIcon, ReceiptIcon, TruckIcon } from 'lucide-react';
import type { BillingInfo } from '@shared/contracts/portal';
import { Skeleton } from '@client/components/ui/skeleton';
import { CancelsOnBadge, cancellationDate } from '../plans/cancellation-badge';
import { formatMoney, humanize, statusTextClass } from '@client/lib/format';
import { Stat } from './billing-stat';
import { NextBillingStat } from './next-billing-stat';

/** The billing tab's five figures: status, monthly, next billing, annual and per vehicle. */
export function SummaryCards({
  billing,
  carLimit,
}: {
  billing: BillingInfo;
  carLimit: number | null | undefined;
}) {
  const price = billing.currentPlan.price;
  const cancelsOn = cancellationDate(billing);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <Stat
        className="col-span-2 sm:col-span-1"
        title="Current Status"
        icon={BadgeCheckIcon}
        testId="billing-status"
        note={
          cancelsOn
            ? 'Full access until then. Resume it on the Plans tab to keep it.'
            : `Subscription: ${humanize(billing.subscriptionStatus)}`
        }
      >
        {cancelsOn ? (
          <CancelsOnBadge date={cancelsOn} className="px-2.5 py-1 text-sm" />
        ) : (
          <span className={statusTextClass(billing.status)}>{humanize(billing.status)}</span>
        )}
      </Stat>
      <Stat
        title="Monthly Subscription"
        icon={DollarSignIcon}
        testId="billing-monthly"
        note={`${billing.currentPlan.name} plan`}
      >
        {formatMoney(price)}
      </Stat>
      <NextBillingStat billing={billing} />
      <Stat title="Annual Cost" icon={ReceiptIcon} testId="billing-annual" note="12 monthly payments">
        {formatMoney(price * 12)}
      </Stat>
      <Stat
        title="Cost per Vehicle"
        icon={TruckIcon}
        testId="billing-per-vehicle"
        note={
          carLimit
            ? `Per month, across ${carLimit} vehicles`
            : carLimit === null
              ? 'Unlimited vehicles'
              : undefined
        }
      >
        {carLimit ? (
          formatMoney(Math.round(price / carLimit))
        ) : carLimit === null ? (
          '—'
        ) : (
          <Skeleton className="h-8 w-20" />
        )}
      </Stat>
    </div>
  );
}

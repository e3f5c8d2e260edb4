import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeftIcon, CalendarCheckIcon, CreditCardIcon, LockIcon } from 'lucide-react';
import { TRIAL_DAYS } from '@shared/constants';
import type { CheckoutStart } from '@shared/contracts/checkout';
import { IconBadge } from '@client/components/icon-badge';
import { CardForm, type PaidResult } from '@client/components/payments/card-form';
import { TRIAL_RULE } from '@client/components/payments/trial-terms';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { getAppName } from '@client/lib/app-name';
import { formatMoney } from '@client/lib/format';
import { OrderSummary, RequestSummary } from './checkout-summaries';

type RequestStart = Extract<CheckoutStart, { request: unknown }>;
type SubscriptionStart = Extract<CheckoutStart, { terms: unknown }>;

/**
 * A payment's card: what is being paid for (its title and line), what comes before the card form (the
 * summary), the card form with its submit label, and a footer where the page has one.
 */
function PaymentCard({
  title,
  description,
  intent,
  submitLabel,
  onPaid,
  onError,
  children,
  footer,
}: {
  title: string;
  description: string;
  intent: CheckoutStart;
  submitLabel: string;
  onPaid: (result: PaidResult) => Promise<void>;
  onError: (message: string) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="w-full max-w-lg">
      <CardHeader>
        <IconBadge icon={CreditCardIcon} />
        <CardTitle asHeading="h1" className="mt-2 text-2xl">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {children}
        <CardForm
          mode="pay"
          payment={intent.payment}
          clientSecret={intent.clientSecret}
          submitLabel={submitLabel}
          onPaid={onPaid}
          onError={onError}
        />
      </CardContent>
      {footer}
    </Card>
  );
}

/** A staff payment request, paid with the card form. */
export function PayRequestCard({
  intent,
  onPaid,
  onError,
}: {
  intent: RequestStart;
  onPaid: () => Promise<void>;
  onError: (message: string) => void;
}) {
  const { request } = intent;
  return (
    <PaymentCard
      title="Pay Your Invoice"
      description={`${getAppName()} sent you a payment request.`}
      intent={intent}
      submitLabel={`Pay ${formatMoney(request.amount)}`}
      onPaid={onPaid}
      onError={onError}
    >
      <RequestSummary request={request} />
    </PaymentCard>
  );
}

/** The subscription's own payment: what is safe and what the trial keeps, the terms, then the card. */
export function SubscribeCard({
  intent,
  onPaid,
  onError,
}: {
  intent: SubscriptionStart;
  onPaid: (result: PaidResult) => Promise<void>;
  onError: (message: string) => void;
}) {
  return (
    <PaymentCard
      title="Complete Your Subscription"
      description={`Enter your card to activate your ${getAppName()} subscription.`}
      intent={intent}
      submitLabel="Subscribe Now"
      onPaid={onPaid}
      onError={onError}
      footer={
        <CardFooter className="justify-center border-t pt-6">
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </CardFooter>
      }
    >
      <ul className="grid gap-3 text-sm">
        <li className="flex items-start gap-3">
          <LockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <span className="font-medium">Secure card payment.</span>{' '}
            <span className="text-muted-foreground">
              Your card is processed by our payment provider over an encrypted connection; we never store the
              full card number.
            </span>
          </span>
        </li>
        <li className="flex items-start gap-3">
          <CalendarCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <span className="font-medium">{TRIAL_DAYS}-day free trial.</span>{' '}
            <span className="text-muted-foreground">{TRIAL_RULE}</span>
          </span>
        </li>
      </ul>
      <OrderSummary terms={intent.terms} />
    </PaymentCard>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import {
  AlertTriangleIcon,
  ArrowLeftIcon,
  CalendarCheckIcon,
  CircleCheckIcon,
  CreditCardIcon,
  LockIcon,
  UserRoundXIcon,
} from 'lucide-react';
import { TRIAL_DAYS } from '@shared/constants';
import { BackLinkButton } from '@client/components/back-link-button';
import { IconBadge } from '@client/components/icon-badge';
import { CardForm, type PaidResult } from '@client/components/payments/card-form';
import {
  TRIAL_RULE,
  checkoutPeriodText,
  dayCount,
  formatLongDate,
} from '@client/components/payments/trial-terms';
import type { CheckoutTermsView, PaymentRequestTermsView } from '@shared/contracts/checkout';
import { PublicShell } from '@client/components/public-shell';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageOf, statusOf } from '@client/lib/api';
import { getAppName } from '@client/lib/app-name';
import { toast } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { formatMoney } from '@client/lib/format';
import { checkoutIntentKey, checkoutIntentQuery, signedInCustomer } from './api';

/*
 * `/checkout?customerId=`: pays the customer's own subscription (docs/customer-portal.md "Checkout").
 * The server reveals nothing about the customer here (docs/payments.md) beyond the payment's own terms, which
 * the page shows before the card (issue 9): the plan, its monthly price, what is charged today and what
 * happens to the trial days left (they are kept: TRIAL_RULE). After payment the customer lands on the portal's billing tab, signing in first
 * when this browser has no session for them (docs/product-rules.md).
 */

/** A card that says where the checkout stands instead of the form, with the way home. */
function CheckoutNotice({
  icon,
  tone,
  title,
  role,
  children,
}: {
  icon: typeof UserRoundXIcon;
  tone: 'muted' | 'primary';
  title: string;
  role?: 'status';
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md text-center" role={role}>
      <CardHeader className="items-center">
        <IconBadge icon={icon} size="lg" shape="circle" tone={tone} />
        <CardTitle asHeading="h1" className="mt-2 text-xl">
          {title}
        </CardTitle>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <BackLinkButton href="/">Back to Home</BackLinkButton>
      </CardFooter>
    </Card>
  );
}

function MissingCustomer() {
  return (
    <CheckoutNotice icon={UserRoundXIcon} tone="muted" title="Missing customer information">
      This checkout link is incomplete. Open the link from your sign-up again, or start from the home page.
    </CheckoutNotice>
  );
}

function PaymentError({ error }: { error: unknown }) {
  const message = errorMessageOf(error, '');
  const alreadyActive = statusOf(error) === 409;
  return (
    <Card className="w-full max-w-md text-center" role="alert">
      <CardHeader className="items-center">
        <IconBadge icon={AlertTriangleIcon} size="lg" shape="circle" tone="destructive" />
        <CardTitle asHeading="h1" className="mt-2 text-xl">
          Payment Error
        </CardTitle>
        <CardDescription className="text-base text-foreground">Failed to initialize payment</CardDescription>
        {message && message !== 'Failed to initialize payment' ? (
          <p className="text-sm text-muted-foreground">{message}</p>
        ) : null}
      </CardHeader>
      <CardFooter className="flex-col-reverse justify-center gap-2 sm:flex-row">
        <BackLinkButton href="/">Back to Home</BackLinkButton>
        {alreadyActive ? (
          <Button asChild>
            <Link href="/customer-dashboard?tab=billing">Sign in to your portal</Link>
          </Button>
        ) : null}
      </CardFooter>
    </Card>
  );
}

/** The payment before the card: plan, monthly price, today's charge, the trial days kept. */
function OrderSummary({ terms }: { terms: CheckoutTermsView }) {
  const periodEnd = formatLongDate(terms.periodEnd);
  const rows: [string, ReactNode][] = [
    ['Plan', terms.planName],
    ['Monthly price', `${formatMoney(terms.monthlyPrice)} / month`],
    [
      'Free trial',
      terms.trialEndsAt
        ? `${dayCount(terms.trialDaysKept)} left, kept (ends ${formatLongDate(terms.trialEndsAt)})`
        : 'Ended',
    ],
    ['Next payment', periodEnd],
  ];
  return (
    <section aria-labelledby="order-summary-heading" className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <h2 id="order-summary-heading" className="text-sm font-semibold">
        Order summary
      </h2>
      <dl className="grid gap-2 text-sm" data-testid="checkout-summary">
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t pt-2">
          <dt className="font-semibold">Charged today</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(terms.dueToday)}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{checkoutPeriodText(terms.trialDaysKept, periodEnd)}</p>
    </section>
  );
}

/** A staff payment request (docs/billing-admin.md): what it is for, how much, and by when. */
function RequestSummary({ request }: { request: PaymentRequestTermsView }) {
  return (
    <section
      aria-labelledby="request-summary-heading"
      className="grid gap-3 rounded-lg border bg-muted/30 p-4"
    >
      <h2 id="request-summary-heading" className="text-sm font-semibold">
        Payment request
      </h2>
      <dl className="grid gap-2 text-sm" data-testid="checkout-summary">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <dt className="text-muted-foreground">For</dt>
          <dd className="font-medium break-words">{request.description}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
          <dt className="text-muted-foreground">Due</dt>
          <dd className="font-medium">{formatLongDate(`${request.dueDate}T12:00:00Z`)}</dd>
        </div>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t pt-2">
          <dt className="font-semibold">Amount due</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(request.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}

function RequestPaid({ request }: { request: PaymentRequestTermsView }) {
  return (
    <CheckoutNotice icon={CircleCheckIcon} tone="primary" title="Payment received" role="status">
      Thank you. Your payment of {formatMoney(request.amount)} for {request.description} was received. A paid
      invoice is in your billing history.
    </CheckoutNotice>
  );
}

export default function CheckoutPage() {
  usePageTitle('Checkout');
  const search = useSearch();
  const params = new URLSearchParams(search);
  const customerId = params.get('customerId')?.trim() || null;
  const link = params.get('link')?.trim() || null;
  const intent = useQuery(checkoutIntentQuery(customerId, link));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mustSignIn = intent.isError && statusOf(intent.error) === 401;
  // Kept apart from the intent's query: asked again, a paid request answers 409 (already paid).
  const [paidRequest, setPaidRequest] = useState<PaymentRequestTermsView | null>(null);

  // Only the customer (or a payment link) may pay: others sign in and come back here.
  useEffect(() => {
    if (!mustSignIn || !customerId) return;
    const back = `/checkout?${new URLSearchParams({ customerId }).toString()}`;
    navigate(`/customer-login?${new URLSearchParams({ next: back }).toString()}`, { replace: true });
  }, [mustSignIn, customerId, navigate]);

  const onRequestPaid = async (request: PaymentRequestTermsView) => {
    toast({ title: 'Payment received', description: 'Thank you for your payment.', variant: 'success' });
    setPaidRequest(request);
    // With Stripe the card was confirmed with Stripe itself, not through our API, so no answer of ours
    // said what changed: every cached read (billing) predates the payment. The spent intent is not
    // asked for again.
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== checkoutIntentKey[0] });
  };

  const onPaid = async (result: PaidResult) => {
    toast({
      title: `Welcome to ${getAppName()}!`,
      description:
        result.status === 'processing'
          ? 'Your payment is processing. Your subscription will be active in a moment.'
          : 'Your payment was successful and your subscription is now active.',
      variant: 'success',
    });
    // Every cached read (session, billing) predates the payment, which Stripe may have confirmed
    // without our API answering (the webhook records it): refetch them all.
    await queryClient.invalidateQueries();
    // The account, not the email: a team fleet admin pays for the owner's account with their own email.
    const current = await signedInCustomer(queryClient);
    if (current?.id === customerId) navigate('/customer-dashboard?tab=billing');
    else {
      const login = new URLSearchParams({ next: '/customer-dashboard?tab=billing' });
      if (result.email) login.set('email', result.email);
      navigate(`/customer-login?${login.toString()}`);
    }
  };

  const onError = (message: string) => {
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  let content: ReactNode;
  if (paidRequest) {
    content = <RequestPaid request={paidRequest} />;
  } else if (!customerId) {
    content = <MissingCustomer />;
  } else if (intent.isPending || mustSignIn) {
    content = <Spinner size="lg" label="Preparing secure payment" />;
  } else if (intent.isError) {
    content = <PaymentError error={intent.error} />;
  } else if ('request' in intent.data) {
    const { request } = intent.data;
    content = (
      <Card className="w-full max-w-lg">
        <CardHeader>
          <IconBadge icon={CreditCardIcon} />
          <CardTitle asHeading="h1" className="mt-2 text-2xl">
            Pay Your Invoice
          </CardTitle>
          <CardDescription>{getAppName()} sent you a payment request.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <RequestSummary request={request} />
          <CardForm
            mode="pay"
            payment={intent.data.payment}
            clientSecret={intent.data.clientSecret}
            submitLabel={`Pay ${formatMoney(request.amount)}`}
            onPaid={() => onRequestPaid(request)}
            onError={onError}
          />
        </CardContent>
      </Card>
    );
  } else {
    content = (
      <Card className="w-full max-w-lg">
        <CardHeader>
          <IconBadge icon={CreditCardIcon} />
          <CardTitle asHeading="h1" className="mt-2 text-2xl">
            Complete Your Subscription
          </CardTitle>
          <CardDescription>Enter your card to activate your {getAppName()} subscription.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ul className="grid gap-3 text-sm">
            <li className="flex items-start gap-3">
              <LockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="font-medium">Secure card payment.</span>{' '}
                <span className="text-muted-foreground">
                  Your card is processed by our payment provider over an encrypted connection; we never store
                  the full card number.
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
          <OrderSummary terms={intent.data.terms} />
          <CardForm
            mode="pay"
            payment={intent.data.payment}
            clientSecret={intent.data.clientSecret}
            submitLabel="Subscribe Now"
            onPaid={onPaid}
            onError={onError}
          />
        </CardContent>
        <CardFooter className="justify-center border-t pt-6">
          <Link
            href="/"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        </CardFooter>
      </Card>
    );
  }

  return <PublicShell>{content}</PublicShell>;
}

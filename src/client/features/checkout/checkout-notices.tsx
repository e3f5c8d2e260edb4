import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AlertTriangleIcon, CircleCheckIcon, UserRoundXIcon } from 'lucide-react';
import type { PaymentRequestTermsView } from '@shared/contracts/checkout';
import { BackLinkButton } from '@client/components/back-link-button';
import { IconBadge } from '@client/components/icon-badge';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { errorMessageOf, statusOf } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';

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

export function MissingCustomer() {
  return (
    <CheckoutNotice icon={UserRoundXIcon} tone="muted" title="Missing customer information">
      This checkout link is incomplete. Open the link from your sign-up again, or start from the home page.
    </CheckoutNotice>
  );
}

export function PaymentError({ error }: { error: unknown }) {
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

export function RequestPaid({ request }: { request: PaymentRequestTermsView }) {
  return (
    <CheckoutNotice icon={CircleCheckIcon} tone="primary" title="Payment received" role="status">
      Thank you. Your payment of {formatMoney(request.amount)} for {request.description} was received. A paid
      invoice is in your billing history.
    </CheckoutNotice>
  );
}

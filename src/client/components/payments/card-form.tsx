import { lazy, Suspense } from 'react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { NOT_READY_LABEL, type CardFormProps } from './card-form-types';
import { SandboxCardForm } from './sandbox-card-form';
import { BusyIcon } from '@client/components/busy-icon';

export type { CardFormProps, PaidResult, PaymentClientConfig } from './card-form-types';

/*
 * One card form for both payment providers (docs/payments.md), used by checkout ('pay') and by the portal's
 * Manage Payment Methods dialog ('tokenize'). Props are documented on CardFormProps.
 *
 * Stripe mode lives in its own chunk (Stripe Elements + Stripe.js), fetched only when the server's
 * provider is Stripe; the sandbox fields are small and ship with this file.
 */

const StripeCardForm = lazy(() => import('./stripe-card-form'));

function LoadingStripe({ className }: { className?: string }) {
  return (
    <div className={cn('grid gap-4', className)} aria-busy="true">
      <div className="h-10 animate-pulse rounded-md border bg-muted" />
      <div className="flex justify-end">
        <Button type="button" disabled className="sm:min-w-40">
          <BusyIcon busy />
          {NOT_READY_LABEL}
        </Button>
      </div>
    </div>
  );
}

export function CardForm(props: CardFormProps) {
  if (props.payment.provider === 'stripe') {
    return (
      <Suspense fallback={<LoadingStripe className={props.className} />}>
        <StripeCardForm {...props} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} />;
}

export default CardForm;

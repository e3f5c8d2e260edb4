import { useId, useMemo, useState } from 'react';
import { CardElement, Elements } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/cn';
import { CardFormFrame } from './card-form-frame';
import type { CardFormProps } from './card-form-types';
import { useStripeCardSubmit } from './use-stripe-card-submit';

/*
 * Stripe Elements (this module is loaded only when the server's provider is Stripe, so neither Stripe.js
 * nor this code reaches other visitors). `/pure` loads https://js.stripe.com only when loadStripe runs.
 * The card details never touch our server: Stripe answers a payment method id or confirms the intent.
 */

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js instance per publishable key for the whole session (Stripe asks not to reload it). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, promise);
  }
  return promise;
}

/** The card iframe cannot read our CSS variables: hand it the page's resolved colours. */
function elementOptions(): StripeCardElementOptions {
  const body = getComputedStyle(document.body);
  return {
    hidePostalCode: false,
    style: {
      base: {
        color: body.color,
        fontFamily: body.fontFamily,
        fontSize: '14px',
        '::placeholder': { color: 'rgba(120, 120, 130, 0.9)' },
      },
      invalid: { color: '#dc2626', iconColor: '#dc2626' },
    },
  };
}

/** The Stripe card box, its errors and the buttons, inside `Elements`. */
function StripeFields(props: CardFormProps) {
  const { disabled } = props;
  const { stripe, elements, busy, fieldError, setFieldError, refusal, setRefusal, onSubmit } =
    useStripeCardSubmit(props);
  const [elementReady, setElementReady] = useState(false);
  const options = useMemo(() => elementOptions(), []);
  const ready = !!stripe && !!elements && elementReady;

  const locked = busy || !!disabled;
  const errorId = useId();

  return (
    <CardFormFrame card={props} onSubmit={onSubmit} busy={busy} refusal={refusal} notReady={!ready}>
      <div className="grid gap-2">
        <Label asChild>
          <span>Card details</span>
        </Label>
        <div
          className={cn(
            'rounded-md border border-input bg-background px-3 py-2.5 shadow-xs transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
            fieldError && 'border-destructive',
          )}
        >
          <CardElement
            options={{ ...options, disabled: locked }}
            onReady={() => setElementReady(true)}
            onChange={(event) => {
              setFieldError(event.error?.message);
              setRefusal(null);
            }}
          />
        </div>
        {fieldError ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {fieldError}
          </p>
        ) : null}
      </div>
    </CardFormFrame>
  );
}

/** Default export: loaded with React.lazy by card-form.tsx. */
export default function StripeCardForm(props: CardFormProps) {
  if (props.payment.provider !== 'stripe') throw new Error('StripeCardForm needs the Stripe provider');
  const stripePromise = stripeFor(props.payment.publishableKey);
  return (
    <Elements stripe={stripePromise}>
      <StripeFields {...props} />
    </Elements>
  );
}

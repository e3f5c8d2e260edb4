import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { LoaderCircleIcon, LockIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { errorMessageOf, statusOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { CardFormAlert } from './card-form-alert';
import { NOT_READY_LABEL, PROCESSING_LABEL, type CardFormProps } from './card-form-types';
import { completeCheckout } from './api';

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

function StripeFields(props: CardFormProps) {
  const { submitLabel, onError, secondaryAction, disabled, className } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  /** Why the card was refused, shown in the form until the card is edited or submitted again. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const options = useMemo(() => elementOptions(), []);
  const ready = !!stripe && !!elements && elementReady;

  /** A field problem (Stripe's validation_error) goes under the card box; a refusal into the form. */
  const fail = (message: string, type?: string) => {
    if (type === 'validation_error') setFieldError(message);
    else setRefusal(message);
    onError?.(message);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current || disabled) return;
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      setFieldError(NOT_READY_LABEL);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setFieldError(undefined);
    setRefusal(null);
    try {
      if (props.mode === 'tokenize') {
        const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
        if (error || !paymentMethod) {
          fail(error?.message ?? 'Your card could not be saved. Please try again.', error?.type);
          return;
        }
        await props.onTokenized(paymentMethod.id);
      } else {
        const { paymentIntent, error } = await stripe.confirmCardPayment(props.clientSecret, {
          payment_method: { card },
        });
        if (error || !paymentIntent) {
          fail(error?.message ?? 'Your payment could not be processed. Please try again.', error?.type);
          return;
        }
        // The browser reports the payment so the subscription is active now; the webhook would also do it.
        await props.onPaid(await completeCheckout(paymentIntent.id));
      }
    } catch (error) {
      const message = errorMessageOf(error, 'Your payment could not be processed. Please try again.');
      // Our server refused this card (its bank declined it while we verified it, say) or the call failed:
      // the reason stays in the form as well as in the toast.
      const status = statusOf(error);
      fail(message, props.mode === 'tokenize' && status === 400 ? 'validation_error' : undefined);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const locked = busy || !!disabled;
  const errorId = useId();
  const alertId = useId();

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Card details"
      aria-busy={busy}
      aria-describedby={refusal ? alertId : undefined}
      className={cn('grid gap-4', className)}
    >
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
      <CardFormAlert id={alertId} message={refusal} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={locked || !ready} className="sm:min-w-40">
          {busy || !ready ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <LockIcon aria-hidden="true" />
          )}
          {busy ? PROCESSING_LABEL : ready ? submitLabel : NOT_READY_LABEL}
        </Button>
      </div>
    </form>
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

import { useRef, useState, type FormEvent } from 'react';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { errorMessageOf, statusOf } from '@client/lib/api';
import { NOT_READY_LABEL, type CardFormProps } from './card-form-types';
import { completeCheckout } from './api';

/**
 * The Stripe card form's submit: tokenize (a payment method id) or pay (confirm the intent, then report
 * it to our server), with the field error under the card box and the refusal in the form. Only the
 * Stripe chunk imports it.
 */
export function useStripeCardSubmit(props: CardFormProps) {
  const { onError, disabled } = props;
  const stripe = useStripe();
  const elements = useElements();
  const [fieldError, setFieldError] = useState<string | undefined>();
  /** Why the card was refused, shown in the form until the card is edited or submitted again. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

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

  return { stripe, elements, busy, fieldError, setFieldError, refusal, setRefusal, onSubmit };
}

import { useId } from 'react';
import { CardFormFrame } from './card-form-frame';
import type { CardFormProps } from './card-form-types';
import { CardInput, SandboxTestHint } from './sandbox-card-inputs';
import { digitsOnly, formatCardNumber, formatExpiry, isAmex } from './sandbox-card-values';
import { useSandboxCardForm } from './use-sandbox-card-form';

/*
 * The built-in sandbox processor's card form: our own fields, so it works offline. The card goes to our
 * server, which keeps only brand, last4 and expiry (never the number). Field texts match Stripe's, so
 * both providers read the same to the customer.
 */

/** The sandbox provider's card form: number, expiry and CVC, checked as Stripe checks them. */
export function SandboxCardForm(props: CardFormProps) {
  const { number, busy, refusal, onSubmit, bind } = useSandboxCardForm(props);
  const hintId = useId();

  return (
    <CardFormFrame card={props} onSubmit={onSubmit} busy={busy} refusal={refusal}>
      <SandboxTestHint id={hintId} />
      <CardInput
        label="Card number"
        {...bind('number', formatCardNumber)}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        aria-describedby={hintId}
      />
      <div className="grid grid-cols-2 gap-4">
        {/* The slash is only shown after the third digit, so backspace never gets stuck on it. */}
        <CardInput
          label="Expiry (MM/YY)"
          {...bind('expiry', formatExpiry)}
          autoComplete="cc-exp"
          placeholder="MM/YY"
        />
        <CardInput
          label="CVC"
          {...bind('cvc', (value) => digitsOnly(value).slice(0, 4))}
          autoComplete="cc-csc"
          placeholder={isAmex(digitsOnly(number)) ? '1234' : '123'}
        />
      </div>
    </CardFormFrame>
  );
}

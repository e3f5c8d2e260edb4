import { useId, useState, type ComponentProps } from 'react';
import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { FlaskConicalIcon, LoaderCircleIcon, LockIcon } from 'lucide-react';
import { useSchemaForm } from '@client/components/form/use-schema-form';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { errorMessageOf, statusOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { CardFormAlert } from './card-form-alert';
import { PROCESSING_LABEL, type CardFormProps } from './card-form-types';
import { sandboxConfirm, sandboxTokenize } from './api';

/*
 * The built-in sandbox processor's card form: our own fields, so it works offline. The card goes to our
 * server, which keeps only brand, last4 and expiry (never the number). Field texts match Stripe's, so
 * both providers read the same to the customer.
 */

type FieldName = 'number' | 'expiry' | 'cvc';
type Values = Record<FieldName, string>;

const digitsOnly = (value: string) => value.replace(/\D/g, '');
const isAmex = (digits: string) => /^3[47]/.test(digits);

/** '4242424242424242' -> '4242 4242 4242 4242'; American Express reads 4-6-5. */
function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, isAmex(digitsOnly(value)) ? 15 : 19);
  if (isAmex(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' -> '12/34'; a first digit above 1 can only be a month 0X. */
function formatExpiry(value: string): string {
  let digits = digitsOnly(value);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function validateNumber(value: string): string | undefined {
  const digits = digitsOnly(value);
  if (digits.length === 0) return 'Your card number is incomplete.';
  if (digits.length < 12) return 'Your card number is incomplete.';
  if (!passesLuhn(digits)) return 'Your card number is invalid.';
  return undefined;
}

function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOnly(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

function validateExpiry(value: string, now = new Date()): string | undefined {
  const parsed = parseExpiry(value);
  if (!parsed) return "Your card's expiration date is incomplete.";
  if (parsed.month < 1 || parsed.month > 12) return "Your card's expiration month is invalid.";
  const year = now.getFullYear();
  if (parsed.year < year || (parsed.year === year && parsed.month < now.getMonth() + 1)) {
    return "Your card's expiration date is in the past.";
  }
  return undefined;
}

function validateCvc(value: string, number: string): string | undefined {
  const length = isAmex(digitsOnly(number)) ? 4 : 3;
  const digits = digitsOnly(value);
  if (digits.length < length) return "Your card's security code is incomplete.";
  if (digits.length > length) return "Your card's security code is invalid.";
  return undefined;
}

/**
 * The form's checks (Stripe's texts, stricter than the server's contract), then the card as the server
 * takes it. Each check runs on every field so that all three can speak at once.
 */
const cardSchema = z
  .object({ number: z.string(), expiry: z.string(), cvc: z.string() })
  .superRefine((values, ctx) => {
    const messages: Record<FieldName, string | undefined> = {
      number: validateNumber(values.number),
      expiry: validateExpiry(values.expiry),
      cvc: validateCvc(values.cvc, values.number),
    };
    for (const [path, message] of Object.entries(messages)) {
      if (message) ctx.addIssue({ code: 'custom', path: [path], message });
    }
  })
  .transform((values) => {
    const expiry = parseExpiry(values.expiry);
    return {
      number: digitsOnly(values.number),
      expMonth: expiry?.month ?? 0,
      expYear: expiry?.year ?? 0,
      cvc: digitsOnly(values.cvc),
    };
  });

/** The server answers `number`, `expMonth`, `expYear`, `cvc` (or `card.number`...); month and year share the expiry box. */
function fieldOf(path: string): string {
  const key = path.startsWith('card.') ? path.slice('card.'.length) : path;
  return key === 'expMonth' || key === 'expYear' ? 'expiry' : key;
}

const EMPTY: Values = { number: '', expiry: '', cvc: '' };

function CardInput({
  label,
  error,
  field,
  ...input
}: { label: string; error: string | undefined; field: UseFormRegisterReturn } & ComponentProps<
  typeof Input
>) {
  return (
    <Field label={label} error={error}>
      <Input inputMode="numeric" {...input} {...field} />
    </Field>
  );
}

export function SandboxCardForm(props: CardFormProps) {
  const { submitLabel, onError, secondaryAction, disabled, className } = props;
  const form = useSchemaForm({ schema: cardSchema, defaultValues: EMPTY, fieldOf });
  const number = useWatch({ control: form.control, name: 'number' });
  const { errors, isSubmitting: busy } = form.formState;
  const hintId = useId();
  const alertId = useId();
  /** Why the card was refused, shown in the form until the card is edited or submitted again. */
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.submit(
    async (card) => {
      if (disabled) return;
      setRefusal(null);
      if (props.mode === 'tokenize') {
        const { id } = await sandboxTokenize(card);
        await props.onTokenized(id);
      } else {
        const result = await sandboxConfirm(props.clientSecret, card);
        await props.onPaid(result);
      }
    },
    // 400: the details are wrong (said beside the fields); 402: the bank refused the card, said in the
    // form (not under the number: the number is fine) and in a toast.
    (error, shownOnFields) => {
      const declined = statusOf(error) === 402;
      if (shownOnFields && !declined) return;
      const message = errorMessageOf(error, 'Your payment could not be processed. Please try again.');
      if (declined) form.clearErrors();
      setRefusal(message);
      onError?.(message);
    },
  );

  const locked = busy || !!disabled;

  /**
   * A box's binding: typing reformats it and clears its error, leaving a filled box checks it, and its
   * error shows beside it.
   */
  const bind = (name: FieldName, format: (value: string) => string) => ({
    error: errors[name]?.message,
    disabled: locked,
    field: form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.setValue(name, format(event.target.value));
        form.clearErrors(name);
        setRefusal(null);
      },
      onBlur: (event: { target: { value: string } }) => {
        if (event.target.value) void form.trigger(name);
      },
    }),
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Card details"
      aria-busy={busy}
      aria-describedby={refusal ? alertId : undefined}
      className={cn('grid gap-4', className)}
    >
      <p
        id={hintId}
        className="flex items-start gap-2 rounded-md border border-dashed bg-muted/50 px-3 py-2 text-xs text-muted-foreground"
      >
        <FlaskConicalIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        <span>
          Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future expiry date and any CVC.
        </span>
      </p>
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
      <CardFormAlert id={alertId} message={refusal} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={locked} className="sm:min-w-40">
          {busy ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <LockIcon aria-hidden="true" />
          )}
          {busy ? PROCESSING_LABEL : submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { FlaskConicalIcon, LoaderCircleIcon, LockIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { errorMessageOf, fieldErrorsOf, statusOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { PROCESSING_LABEL, type CardFormProps } from './card-form-types';
import { sandboxConfirm, sandboxTokenize, type SandboxCard } from './payments-api';

/*
 * The built-in sandbox processor's card form: our own fields, so it works offline. The card goes to our
 * server, which keeps only brand, last4 and expiry (never the number). Field texts match Stripe's, so
 * both providers read the same to the customer.
 */

type FieldName = 'number' | 'expiry' | 'cvc';
type Errors = Partial<Record<FieldName, string>>;

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

/** The server answers `number`, `expMonth`, `expYear`, `cvc`; month and year share the expiry field. */
function mapServerErrors(errors: Record<string, string>): Errors {
  const out: Errors = {};
  if (errors.number) out.number = errors.number;
  const expiry = errors.expMonth ?? errors.expYear;
  if (expiry) out.expiry = expiry;
  if (errors.cvc) out.cvc = errors.cvc;
  // `card.number` when the body was nested: accept both spellings.
  if (errors['card.number']) out.number = errors['card.number'];
  const nestedExpiry = errors['card.expMonth'] ?? errors['card.expYear'];
  if (nestedExpiry) out.expiry = nestedExpiry;
  if (errors['card.cvc']) out.cvc = errors['card.cvc'];
  return out;
}

export function SandboxCardForm(props: CardFormProps) {
  const { submitLabel, onError, secondaryAction, disabled, className } = props;
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const check = (name: FieldName): string | undefined => {
    if (name === 'number') return validateNumber(number);
    if (name === 'expiry') return validateExpiry(expiry);
    return validateCvc(cvc, number);
  };

  // Inline validation once a field has been left with something in it (not while the customer types).
  const onBlur = (name: FieldName, value: string) => {
    if (!value) return;
    setErrors((current) => ({ ...current, [name]: check(name) }));
  };
  const clearError = (name: FieldName) =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = (['number', 'expiry', 'cvc'] as const).find((name) => next[name]);
    const inputs = { number: numberRef, expiry: expiryRef, cvc: cvcRef };
    if (first) inputs[first].current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current || disabled) return;
    const next: Errors = { number: check('number'), expiry: check('expiry'), cvc: check('cvc') };
    if (next.number || next.expiry || next.cvc) {
      showErrors(next);
      return;
    }
    const parsedExpiry = parseExpiry(expiry)!;
    const card: SandboxCard = {
      number: digitsOnly(number),
      expMonth: parsedExpiry.month,
      expYear: parsedExpiry.year,
      cvc: digitsOnly(cvc),
    };
    busyRef.current = true;
    setBusy(true);
    setErrors({});
    try {
      if (props.mode === 'tokenize') {
        const { id } = await sandboxTokenize(card);
        await props.onTokenized(id);
      } else {
        const result = await sandboxConfirm(props.clientSecret, card);
        await props.onPaid(result);
      }
    } catch (error) {
      // 400: the details are wrong; 402: the bank refused the card, said beside the card and in a toast.
      const status = statusOf(error);
      const fieldErrors = status === 400 || status === 402 ? mapServerErrors(fieldErrorsOf(error)) : {};
      const onFields = !!(fieldErrors.number || fieldErrors.expiry || fieldErrors.cvc);
      if (onFields) showErrors(fieldErrors);
      if (!onFields || status === 402) {
        onError?.(errorMessageOf(error, 'Your payment could not be processed. Please try again.'));
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const locked = busy || !!disabled;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Card details"
      aria-busy={busy}
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
      <Field label="Card number" error={errors.number}>
        <Input
          ref={numberRef}
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          disabled={locked}
          aria-describedby={hintId}
          onChange={(event) => {
            setNumber(formatCardNumber(event.target.value));
            clearError('number');
          }}
          onBlur={(event) => onBlur('number', event.target.value)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM/YY)" error={errors.expiry}>
          <Input
            ref={expiryRef}
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            disabled={locked}
            onChange={(event) => {
              // The slash is only shown after the third digit, so backspace never gets stuck on it.
              setExpiry(formatExpiry(event.target.value));
              clearError('expiry');
            }}
            onBlur={(event) => onBlur('expiry', event.target.value)}
          />
        </Field>
        <Field label="CVC" error={errors.cvc}>
          <Input
            ref={cvcRef}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={isAmex(digitsOnly(number)) ? '1234' : '123'}
            value={cvc}
            disabled={locked}
            onChange={(event) => {
              setCvc(digitsOnly(event.target.value).slice(0, 4));
              clearError('cvc');
            }}
            onBlur={(event) => onBlur('cvc', event.target.value)}
          />
        </Field>
      </div>
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

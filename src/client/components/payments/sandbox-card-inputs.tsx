import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FlaskConicalIcon } from 'lucide-react';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';

/** A card box with its label and the error beside it. */
export function CardInput({
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

/** The sandbox's note: no real card is charged, and the test card to use. */
export function SandboxTestHint({ id }: { id: string }) {
  return (
    <p
      id={id}
      className="flex items-start gap-2 rounded-md border border-dashed bg-muted/50 px-3 py-2 text-xs text-muted-foreground"
    >
      <FlaskConicalIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future expiry date and any CVC.
      </span>
    </p>
  );
}

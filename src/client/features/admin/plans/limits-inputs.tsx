import type { KeyboardEvent } from 'react';
import { TextField } from '@client/components/form/form-fields';
import { Input } from '@client/components/ui/input';
import type { LimitsEditor, LimitsField } from './use-limits-editor';

const LABELS: Record<LimitsField, string> = {
  price: 'Price per month (USD)',
  vehicleLimit: 'Vehicle limit',
  userLimit: 'User limit',
};

/**
 * One input of the inline edit. `compact` (table cells) names it with the plan's name instead of a
 * visible label, so several open editors stay distinct for screen readers; a table row has no form
 * around it, so Enter saves from the input itself.
 */
export function LimitInput({
  editor,
  field,
  planName,
  compact = false,
}: {
  editor: LimitsEditor;
  field: LimitsField;
  planName: string;
  compact?: boolean;
}) {
  const isPrice = field === 'price';
  const props = {
    type: 'number',
    inputMode: isPrice ? 'decimal' : 'numeric',
    min: isPrice ? 0 : 1,
    step: isPrice ? '0.01' : '1',
    placeholder: isPrice ? undefined : 'Unlimited',
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Escape') editor.cancel();
      if (compact && e.key === 'Enter') void editor.save();
    },
  } as const;
  if (compact) {
    const error = editor.form.formState.errors[field]?.message;
    return (
      <div className="grid gap-1">
        <Input
          {...props}
          {...editor.form.register(field)}
          className="h-8 w-28"
          aria-label={`${LABELS[field]} of ${planName}`}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <p role="alert" className="max-w-40 whitespace-normal text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <TextField
      {...props}
      form={editor.form}
      name={field}
      label={LABELS[field]}
      description={isPrice ? undefined : 'Blank means unlimited'}
    />
  );
}

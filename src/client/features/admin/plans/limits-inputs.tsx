import type { ComponentProps } from 'react';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/field';
import type { LimitsEditor, LimitsField } from './use-limits-editor';

const LABELS: Record<LimitsField, string> = {
  price: 'Price per month (USD)',
  vehicleLimit: 'Vehicle limit',
  userLimit: 'User limit',
};

/**
 * One input of the inline edit. `compact` (table cells) names it with the plan's name instead of a
 * visible label, so several open editors stay distinct for screen readers.
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
  const error = editor.errors[field];
  const props: ComponentProps<'input'> = {
    type: 'number',
    inputMode: isPrice ? 'decimal' : 'numeric',
    min: isPrice ? 0 : 1,
    step: isPrice ? '0.01' : '1',
    placeholder: isPrice ? undefined : 'Unlimited',
    value: editor.draft[field],
    onChange: (e) => editor.set(field, e.target.value),
    onKeyDown: (e) => {
      if (e.key === 'Enter') editor.save();
      if (e.key === 'Escape') editor.cancel();
    },
  };
  if (compact) {
    return (
      <div className="grid gap-1">
        <Input
          {...props}
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
    <Field label={LABELS[field]} error={error} description={isPrice ? undefined : 'Blank means unlimited'}>
      <Input {...props} />
    </Field>
  );
}

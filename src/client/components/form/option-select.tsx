import type { ComponentProps, ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';

export type SelectOption<V extends string> = { value: V; label: ReactNode };

type TriggerProps = Pick<
  ComponentProps<typeof SelectTrigger>,
  'id' | 'className' | 'aria-label' | 'aria-describedby' | 'onBlur' | 'disabled'
>;

/**
 * The one select: a choice among fixed options. Its name and look go on the trigger (`trigger`), kept
 * apart from the select's own props so that a `Field` around it, which hands its direct child an id and
 * aria props, cannot reach the trigger (SelectField gives the trigger its id itself).
 */
export function OptionSelect<V extends string>({
  value,
  onChange,
  options,
  placeholder,
  trigger,
}: {
  value: V | '';
  onChange: (next: V) => void;
  options: readonly SelectOption<V>[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  trigger: TriggerProps;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

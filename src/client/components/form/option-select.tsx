import type { ComponentProps, ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';

export type SelectOption<V extends string> = { value: V; label: ReactNode };

type TriggerProps = Pick<
  ComponentProps<typeof SelectTrigger>,
  'id' | 'className' | 'aria-label' | 'aria-describedby' | 'onBlur' | 'disabled'
>;

/** What a `Field` around it hands its direct child: the error and hint it must be described by. */
type FieldAria = Pick<ComponentProps<'button'>, 'id' | 'aria-invalid' | 'aria-describedby' | 'aria-required'>;

/**
 * The one select: a choice among fixed options. Its name and look go on the trigger (`trigger`). A
 * `Field` around it hands it an id and aria props (invalid, described by its hint and error, required):
 * they go on the trigger too, the focusable part a screen reader announces, under the trigger's own.
 */
export function OptionSelect<V extends string>({
  value,
  onChange,
  options,
  placeholder,
  trigger,
  ...fieldAria
}: FieldAria & {
  value: V | '';
  onChange: (next: V) => void;
  options: readonly SelectOption<V>[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
  trigger: TriggerProps;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <SelectTrigger {...fieldAria} {...withoutUndefined(trigger)}>
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

/** A trigger prop left undefined must not blank the field's value for it. */
function withoutUndefined<T extends object>(props: T): Partial<T> {
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)) as Partial<T>;
}

import { useRef, type ComponentProps } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { Popover } from 'radix-ui';
import { ChevronDownIcon } from 'lucide-react';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { isWithin, PickerContent } from '@client/components/ui/popover';
import type { Common } from './form-fields';
import { ComboboxOptions } from './combobox-options';
import { useComboboxList } from './use-combobox-list';

type ComboboxProps = {
  value: string;
  onChange: (next: string) => void;
  onBlur?: () => void;
  suggestions: readonly string[];
} & Pick<
  ComponentProps<'input'>,
  | 'id'
  | 'name'
  | 'ref'
  | 'placeholder'
  | 'maxLength'
  | 'aria-invalid'
  | 'aria-describedby'
  | 'aria-required'
  | 'disabled'
>;

/**
 * A text box with a list of suggestions (the ARIA combobox pattern, list autocomplete): type anything,
 * or open the list (the chevron, Alt+Down or Down) and pick one with the pointer or the arrows and Enter.
 * For a choice among fixed options only, use `OptionSelect`.
 */
export function Combobox({ value, onChange, onBlur, suggestions, disabled, ...input }: ComboboxProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const { listId, shown, expanded, active, setActive, optionId, show, choose, type, onKeyDown } =
    useComboboxList(suggestions, value, onChange);

  return (
    <Popover.Root open={expanded} onOpenChange={show}>
      <Popover.Anchor asChild>
        <div ref={anchor} className="relative">
          <Input
            {...input}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={expanded ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            disabled={disabled}
            value={value}
            onChange={(e) => type(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              show(false);
              onBlur?.();
            }}
            className="pr-9"
          />
          <button
            type="button"
            tabIndex={-1}
            disabled={disabled}
            aria-label="Show suggestions"
            // Keeps the focus in the box, so typing goes on where it was.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => show(!expanded)}
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground"
          >
            <ChevronDownIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
      </Popover.Anchor>
      <PickerContent
        onOpenAutoFocus={(e) => e.preventDefault()}
        onCloseAutoFocus={(e) => e.preventDefault()}
        // The box and its chevron are not "outside": they open and close the list themselves.
        onInteractOutside={(e) => {
          if (isWithin(anchor, e)) e.preventDefault();
        }}
        className="p-1"
      >
        <ComboboxOptions
          listId={listId}
          shown={shown}
          value={value}
          active={active}
          optionId={optionId}
          onActive={setActive}
          onChoose={choose}
        />
      </PickerContent>
    </Popover.Root>
  );
}

/** A free-text field with suggestions, bound to a `useSchemaForm` form (see `Combobox`). */
export function ComboboxField<F extends FieldValues>({
  form,
  name,
  label,
  description,
  required,
  className,
  ...box
}: Common<F> & Pick<ComboboxProps, 'suggestions' | 'placeholder' | 'maxLength' | 'disabled'>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          description={description}
          required={required}
          className={className}
          error={fieldState.error?.message}
        >
          <Combobox
            {...box}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

import { useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { Popover } from 'radix-ui';
import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import type { Common } from './form-fields';

/** The suggestions that contain `typed` (any case); all of them when nothing is typed. */
export function matchingSuggestions(suggestions: readonly string[], typed: string): readonly string[] {
  const text = typed.trim().toLowerCase();
  return text ? suggestions.filter((s) => s.toLowerCase().includes(text)) : suggestions;
}

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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Typing narrows the list to what matches; opening it with the chevron or the arrows shows every one.
  const [narrowed, setNarrowed] = useState(false);
  const listId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const shown = narrowed ? matchingSuggestions(suggestions, value) : suggestions;
  const expanded = open && shown.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const show = (next: boolean) => {
    setOpen(next);
    setActive(-1);
    setNarrowed(false);
  };
  const choose = (suggestion: string) => {
    onChange(suggestion);
    show(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setNarrowed(false);
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && shown[active] !== undefined) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not the dialog around the field.
      event.preventDefault();
      event.stopPropagation();
      show(false);
    }
  };

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
            onChange={(e) => {
              onChange(e.target.value);
              setOpen(true);
              setActive(-1);
              setNarrowed(true);
            }}
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
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          // The box and its chevron are not "outside": they open and close the list themselves.
          onInteractOutside={(e) => {
            if (e.target instanceof Node && anchor.current?.contains(e.target)) e.preventDefault();
          }}
          className="z-50 w-(--radix-popover-trigger-width) max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none data-[state=open]:animate-fade-in"
        >
          <ul id={listId} role="listbox" aria-label="Suggestions" className="max-h-60 overflow-y-auto">
            {shown.map((suggestion, i) => (
              <li
                key={suggestion}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(suggestion)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                  i === active && 'bg-accent text-accent-foreground',
                )}
              >
                <CheckIcon
                  className={cn('size-4 shrink-0', suggestion === value ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                {suggestion}
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
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

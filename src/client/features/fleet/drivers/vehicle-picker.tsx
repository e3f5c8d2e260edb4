import { useId, useState, type ComponentProps } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Popover } from 'radix-ui';
import { ChevronDownIcon } from 'lucide-react';
import { Field } from '@client/components/ui/field';
import { PickerContent } from '@client/components/ui/popover';
import { cn } from '@client/lib/cn';
import { type PickedVehicle } from './vehicle-label';
import { VehicleOptions, VehicleOptionsStatus } from './vehicle-picker-options';
import { VehiclePickerSearch } from './vehicle-picker-search';
import { useVehicleOptions } from './use-vehicle-options';

/**
 * A searchable picker of the account's vehicles. It asks the server for the first matches of what is
 * typed (an account can hold thousands of vehicles), so the list is never loaded whole.
 * `allowNone` adds a "No vehicle" choice (a driver without a vehicle).
 */
export function VehiclePicker({
  value,
  onChange,
  allowNone = false,
  noneLabel = 'No vehicle',
  placeholder = 'Choose a vehicle',
  id,
  className,
  ...aria
}: {
  value: PickedVehicle | null;
  onChange: (vehicle: PickedVehicle | null) => void;
  allowNone?: boolean;
  noneLabel?: string;
  placeholder?: string;
  id?: string;
  className?: string;
} & Pick<ComponentProps<'button'>, 'aria-invalid' | 'aria-describedby' | 'aria-required' | 'aria-label'>) {
  const [open, setOpen] = useState(false);
  const { search, setSearch, debounced, options, items, more } = useVehicleOptions(open);
  const listId = useId();

  const choose = (vehicle: PickedVehicle | null) => {
    onChange(vehicle);
    setOpen(false);
    setSearch('');
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        type="button"
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        className={cn(
          'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive',
          !value && 'text-muted-foreground',
          className,
        )}
        {...aria}
      >
        <span className="truncate">{value ? value.label : allowNone ? noneLabel : placeholder}</span>
        <ChevronDownIcon className="size-4 shrink-0 opacity-70" aria-hidden="true" />
      </Popover.Trigger>
      <PickerContent className="min-w-72 p-2">
        <VehiclePickerSearch value={search} onChange={setSearch} />
        <VehicleOptions
          listId={listId}
          items={items}
          value={value}
          allowNone={allowNone}
          noneLabel={noneLabel}
          onChoose={choose}
        />
        <VehicleOptionsStatus
          isPending={options.isPending}
          isError={options.isError}
          error={options.error}
          shown={items.length}
          more={more}
          search={debounced}
        />
      </PickerContent>
    </Popover.Root>
  );
}

/** The picker as a field of a `useSchemaForm` form: label, picker and the field's error. */
export function VehiclePickerField<F extends FieldValues>({
  form,
  name,
  label,
  required,
  allowNone,
}: {
  form: Pick<UseFormReturn<F, unknown, unknown>, 'control'>;
  name: Path<F>;
  label: string;
  required?: boolean;
  allowNone?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message} required={required}>
          <VehiclePicker
            value={field.value as PickedVehicle | null}
            onChange={field.onChange}
            allowNone={allowNone}
          />
        </Field>
      )}
    />
  );
}

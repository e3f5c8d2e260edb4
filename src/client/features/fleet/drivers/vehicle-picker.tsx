import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Popover } from 'radix-ui';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ChevronDownIcon, SearchIcon } from 'lucide-react';
import type { Vehicle } from '@shared/contracts/fleet';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { useDebouncedValue } from '@client/components/list/use-debounced-value';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { vehiclesQuery } from '../api';

/** Vehicles offered at once: enough to choose from, the search box finds the rest. */
const PICKER_SIZE = 20;

export type PickedVehicle = { id: string; label: string };

export function vehicleLabel(v: { make: string; model: string; licensePlate: string }): string {
  return `${v.make} ${v.model} · ${v.licensePlate}`;
}

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
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const options = useQuery({
    ...vehiclesQuery({ page: 1, pageSize: PICKER_SIZE, sort: 'make', search: debounced || undefined }),
    enabled: open,
  });
  const listId = useId();

  const choose = (vehicle: PickedVehicle | null) => {
    onChange(vehicle);
    setOpen(false);
    setSearch('');
  };

  const items: Vehicle[] = options.data?.items ?? [];
  const more = (options.data?.total ?? 0) - items.length;

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
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-72 max-w-[calc(100vw-2rem)] rounded-md border bg-popover p-2 text-popover-foreground shadow-md outline-none data-[state=open]:animate-fade-in"
        >
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              autoFocus
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Search make, model or plate"
              aria-label="Search vehicles"
              className="pl-8"
            />
          </div>
          <ul id={listId} role="listbox" aria-label="Vehicles" className="mt-2 max-h-64 overflow-y-auto">
            {allowNone ? (
              <PickerOption selected={!value} onSelect={() => choose(null)}>
                {noneLabel}
              </PickerOption>
            ) : null}
            {items.map((v) => (
              <PickerOption
                key={v.id}
                selected={value?.id === v.id}
                onSelect={() => choose({ id: v.id, label: vehicleLabel(v) })}
              >
                <span className="grid min-w-0 flex-1">
                  <span className="truncate">
                    {v.make} {v.model}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {v.licensePlate}
                    {v.driver ? ` · driver ${v.driver.name}` : ''}
                  </span>
                </span>
              </PickerOption>
            ))}
          </ul>
          {options.isPending ? (
            <Spinner label="Loading vehicles" size="sm" showLabel className="px-2 py-1.5" />
          ) : options.isError ? (
            // The server's own reason: with vehicle tracking off it says the switch is off.
            <p className="px-2 py-1.5 text-sm text-destructive">
              {errorMessageOf(options.error, 'The vehicles could not be loaded.')}
            </p>
          ) : items.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">
              {debounced ? `No vehicle matches “${debounced}”.` : 'This account has no vehicles yet.'}
            </p>
          ) : more > 0 ? (
            <p className="px-2 pt-1.5 text-xs text-muted-foreground">
              {more.toLocaleString()} more: type to narrow the list.
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PickerOption({
  selected,
  onSelect,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <li
      role="option"
      aria-selected={selected}
      tabIndex={0}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onSelect();
        }
      }}
      className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground"
    >
      <CheckIcon
        className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')}
        aria-hidden="true"
      />
      {children}
    </li>
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

import type { ReactNode } from 'react';
import { CheckIcon } from 'lucide-react';
import type { Vehicle } from '@shared/contracts/fleet';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { vehicleLabel, type PickedVehicle } from './vehicle-label';

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

/** The picker's listbox: "No vehicle" when allowed, then the vehicles that match. */
export function VehicleOptions({
  listId,
  items,
  value,
  allowNone,
  noneLabel,
  onChoose,
}: {
  listId: string;
  items: Vehicle[];
  value: PickedVehicle | null;
  allowNone: boolean;
  noneLabel: string;
  onChoose: (vehicle: PickedVehicle | null) => void;
}) {
  return (
    <ul id={listId} role="listbox" aria-label="Vehicles" className="mt-2 max-h-64 overflow-y-auto">
      {allowNone ? (
        <PickerOption selected={!value} onSelect={() => onChoose(null)}>
          {noneLabel}
        </PickerOption>
      ) : null}
      {items.map((v) => (
        <PickerOption
          key={v.id}
          selected={value?.id === v.id}
          onSelect={() => onChoose({ id: v.id, label: vehicleLabel(v) })}
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
  );
}

/** Under the list: loading, the server's refusal, nothing found, or how many more there are. */
export function VehicleOptionsStatus({
  isPending,
  isError,
  error,
  shown,
  more,
  search,
}: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  shown: number;
  more: number;
  search: string;
}) {
  if (isPending) return <Spinner label="Loading vehicles" size="sm" showLabel className="px-2 py-1.5" />;
  if (isError) {
    // The server's own reason: with vehicle tracking off it says the switch is off.
    return (
      <p className="px-2 py-1.5 text-sm text-destructive">
        {errorMessageOf(error, 'The vehicles could not be loaded.')}
      </p>
    );
  }
  if (shown === 0) {
    return (
      <p className="px-2 py-1.5 text-sm text-muted-foreground">
        {search ? `No vehicle matches “${search}”.` : 'This account has no vehicles yet.'}
      </p>
    );
  }
  if (more > 0) {
    return (
      <p className="px-2 pt-1.5 text-xs text-muted-foreground">
        {more.toLocaleString()} more: type to narrow the list.
      </p>
    );
  }
  return null;
}

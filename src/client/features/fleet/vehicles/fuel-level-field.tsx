import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { VehicleSchemaForm } from './vehicle-form-values';

/** A slider for the hand and a number box for the keyboard, both on the same value. */
export function FuelLevelField({ form }: { form: VehicleSchemaForm }) {
  const fuelId = useId();
  return (
    <Controller
      control={form.control}
      name="fuelLevel"
      render={({ field, fieldState }) => {
        const numeric = Number(field.value);
        const error = fieldState.error?.message;
        return (
          <div className="grid gap-2">
            <Label htmlFor={fuelId}>Fuel level (%)</Label>
            <div className="flex items-center gap-3">
              <input
                type="range"
                min={0}
                max={100}
                step={1}
                value={Number.isFinite(numeric) ? Math.max(0, Math.min(100, numeric)) : 0}
                onChange={(e) => field.onChange(e.target.value)}
                aria-label="Fuel level slider"
                className="h-9 min-w-0 flex-1 accent-primary"
              />
              <Input
                id={fuelId}
                ref={field.ref}
                name={field.name}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                className="w-20"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fuelId}-error` : undefined}
              />
            </div>
            {error ? (
              <p id={`${fuelId}-error`} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      }}
    />
  );
}

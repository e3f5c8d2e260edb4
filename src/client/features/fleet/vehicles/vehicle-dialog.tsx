import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleAlertIcon, LoaderCircleIcon } from 'lucide-react';
import {
  FIRST_MODEL_YEAR,
  lastModelYear,
  VEHICLE_STATUSES,
  vehicleInput,
  type Vehicle,
} from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { errorMessageOf, fieldErrorsOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useCreateVehicle, useUpdateVehicle, type LimitRefusal } from '../fleet-api';
import { useFleetAccount } from '../shell/fleet-account';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { VEHICLE_STATUS_LABELS } from './vehicle-status';

type Values = z.input<typeof vehicleInput>;
type Output = z.output<typeof vehicleInput>;
type FieldName = keyof Values;
const FIELD_NAMES: readonly FieldName[] = [
  'make',
  'model',
  'year',
  'vin',
  'licensePlate',
  'status',
  'mileage',
  'fuelLevel',
  'location',
];

const EMPTY: Values = {
  make: '',
  model: '',
  year: '',
  vin: '',
  licensePlate: '',
  status: 'active',
  mileage: 0,
  fuelLevel: 100,
  location: '',
};

function valuesOf(v: Vehicle): Values {
  return {
    make: v.make,
    model: v.model,
    year: String(v.year),
    vin: v.vin,
    licensePlate: v.licensePlate,
    status: v.status,
    mileage: v.mileage,
    fuelLevel: v.fuelLevel,
    location: v.location ?? '',
  };
}

/**
 * Add or edit a vehicle with every field of the shared vehicleInput. The shared schema checks the form
 * (same messages as the server); the server's field errors (a duplicate VIN or plate) land under their
 * field, and a plan-limit refusal stays in the dialog with the way to upgrade.
 */
export function VehicleDialog({
  vehicle,
  open,
  onOpenChange,
}: {
  /** null: a new vehicle. */
  vehicle: Vehicle | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { canManageAccount } = useFleetAccount();
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const [refusal, setRefusal] = useState<LimitRefusal | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const fuelId = useId();
  const refusalRef = useRef<HTMLDivElement>(null);
  // On a phone the dialog scrolls: bring the refusal and its Upgrade plan button into view.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(vehicleInput),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: vehicle ? valuesOf(vehicle) : EMPTY,
  });

  const onSubmit = handleSubmit(async (input) => {
    setRefusal(null);
    setFormError(null);
    try {
      if (vehicle) {
        await update.mutateAsync({ id: vehicle.id, input });
        toast({
          title: 'Vehicle updated',
          description: `${input.make} ${input.model} was saved.`,
          variant: 'success',
        });
      } else {
        await create.mutateAsync(input);
        toast({
          title: 'Vehicle added',
          description: `${input.make} ${input.model} is in your fleet.`,
          variant: 'success',
        });
      }
      onOpenChange(false);
    } catch (error) {
      const limit = limitRefusalOf(error);
      if (limit) {
        setRefusal(limit);
        return;
      }
      const fields = fieldErrorsOf(error);
      let mapped = false;
      for (const [name, message] of Object.entries(fields)) {
        if ((FIELD_NAMES as readonly string[]).includes(name)) {
          setError(name as FieldName, { type: 'server', message }, { shouldFocus: !mapped });
          mapped = true;
        }
      }
      if (!mapped) setFormError(errorMessageOf(error, 'The vehicle could not be saved. Please try again.'));
    }
  });

  const title = vehicle ? `Edit ${vehicle.make} ${vehicle.model}` : 'Add vehicle';
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {vehicle
              ? 'Change any field and save. Retired vehicles do not count against your plan.'
              : 'Active, maintenance and inactive vehicles count against your plan; retired ones do not.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={title}>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Make" error={errors.make?.message} required>
              <Input autoComplete="off" placeholder="e.g. Ford" {...register('make')} />
            </Field>
            <Field label="Model" error={errors.model?.message} required>
              <Input autoComplete="off" placeholder="e.g. Transit" {...register('model')} />
            </Field>
            <Field
              label="Year"
              error={errors.year?.message}
              description={`${FIRST_MODEL_YEAR} to ${lastModelYear()}`}
              required
            >
              <Input inputMode="numeric" autoComplete="off" {...register('year')} />
            </Field>
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select value={field.value ?? 'active'} onValueChange={field.onChange} name={field.name}>
                  <Field label="Status" error={errors.status?.message} required>
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a status" />
                    </SelectTrigger>
                  </Field>
                  <SelectContent>
                    {VEHICLE_STATUSES.map((status) => (
                      <SelectItem key={status} value={status}>
                        {VEHICLE_STATUS_LABELS[status]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            <Field
              label="VIN"
              error={errors.vin?.message}
              description="17 letters and digits, without I, O or Q"
              required
            >
              <Input
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                maxLength={17}
                {...register('vin')}
              />
            </Field>
            <Field label="License plate" error={errors.licensePlate?.message} required>
              <Input
                autoComplete="off"
                spellCheck={false}
                className="uppercase"
                maxLength={15}
                {...register('licensePlate')}
              />
            </Field>
            <Field label="Mileage (mi)" error={errors.mileage?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                max={2_000_000}
                step={1}
                {...register('mileage')}
              />
            </Field>
            <Controller
              control={control}
              name="fuelLevel"
              render={({ field }) => {
                const raw = field.value === undefined || field.value === null ? '' : String(field.value);
                const numeric = Number(raw);
                const error = errors.fuelLevel?.message;
                // A slider for the hand and a number box for the keyboard, both on the same value.
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
                        value={raw}
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
            <Field label="Location" error={errors.location?.message} className="sm:col-span-2">
              <Input autoComplete="off" placeholder="e.g. Main depot" {...register('location')} />
            </Field>
          </div>
          {/* Shown beside the buttons, where the eye is after pressing one (the dialog scrolls on phones). */}
          {refusal ? (
            <div
              ref={refusalRef}
              role="alert"
              className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
              data-testid="vehicle-limit-refusal"
            >
              <p className="flex items-start gap-2 font-medium text-destructive">
                <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{refusal.message}</span>
              </p>
              <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" />
            </div>
          ) : null}
          {formError ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
            >
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {vehicle ? 'Save changes' : 'Add vehicle'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import {
  FIRST_MODEL_YEAR,
  lastModelYear,
  MAX_MILEAGE,
  vehicleInput,
  type FleetOverview,
  type Vehicle,
} from '@shared/contracts/fleet';
import { type VehicleStatus } from '@shared/statuses';
import {
  distanceInput,
  distanceText,
  maxInUnit,
  unitSuffix,
  withDistanceBoxes,
  type DistanceUnit,
} from '@shared/distance';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { DialogFrame } from '@client/components/dialog-frame';
import { FieldRow } from '@client/components/field-row';
import { FormDialog } from '@client/components/form/form-dialog';
import { AddButton } from '@client/components/list/add-button';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { SelectField, TextField } from '@client/components/form/form-fields';
import { orNull, useSchemaForm, type SchemaForm } from '@client/components/form/use-schema-form';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import {
  fleetOverviewKey,
  fleetOverviewQuery,
  limitRefusalOf,
  vehiclesKey,
  useSaveVehicle,
  type LimitRefusal,
} from '../api';
import { useDistanceUnit } from '../shell/distance-unit';
import { useFleetAccount } from '../shell/fleet-account';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { VEHICLE_STATUS_OPTIONS } from './vehicle-status';

type Values = {
  make: string;
  model: string;
  year: string;
  vin: string;
  licensePlate: string;
  status: VehicleStatus;
  mileage: string;
  fuelLevel: string;
  location: string;
};

function defaults(v: Vehicle | null, unit: DistanceUnit): Values {
  return {
    make: v?.make ?? '',
    model: v?.model ?? '',
    year: v ? String(v.year) : '',
    vin: v?.vin ?? '',
    licensePlate: v?.licensePlate ?? '',
    status: v?.status ?? 'active',
    mileage: distanceText(v?.mileage ?? 0, unit),
    fuelLevel: String(v?.fuelLevel ?? 100),
    location: v?.location ?? '',
  };
}

type PlanUsage = { planName: string | null; vehicles: number; vehicleLimit: number };

/** The plan's vehicle usage when every place it allows is taken, else null (unlimited, room left, unknown). */
function planFull(overview: FleetOverview | undefined): PlanUsage | null {
  const usage = overview?.usage;
  if (!usage || usage.vehicleLimit === null || usage.vehicles < usage.vehicleLimit) return null;
  return { planName: usage.planName, vehicles: usage.vehicles, vehicleLimit: usage.vehicleLimit };
}

/**
 * The vehicle list's "Add vehicle": it reads the plan's usage from the start, so that at the limit the
 * dialog says so before any field is filled.
 */
export function AddVehicleButton({ onClick, className }: { onClick: () => void; className?: string }) {
  useQuery(fleetOverviewQuery);
  return (
    <AddButton onClick={onClick} className={className}>
      Add vehicle
    </AddButton>
  );
}

/** In place of the form when the plan is full: what the limit is, and the ways out. */
function PlanFullDialog({ usage, open, onOpenChange }: { usage: PlanUsage } & DialogOpenProps) {
  const { canManageAccount } = useFleetAccount();
  const plan = usage.planName ? `${usage.planName} plan` : 'plan';
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      width="xl"
      title="Add vehicle"
      description="Active, maintenance and inactive vehicles count against your plan; retired ones do not."
    >
      <div
        role="alert"
        className="grid gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm"
        data-testid="vehicle-limit-notice"
      >
        <p className="flex items-start gap-2 font-medium">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            Your {plan} allows {usage.vehicleLimit} vehicles and you have {usage.vehicles}. Upgrade your plan
            to add more, or retire a vehicle you no longer use to make room.
          </span>
        </p>
        <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </DialogFooter>
    </DialogFrame>
  );
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
} & DialogOpenProps) {
  const overview = useQuery(fleetOverviewQuery);
  const unit = useDistanceUnit();
  const full = vehicle ? null : planFull(overview.data);
  // The form, once shown, stays (a refetch never swaps fields being filled for the notice); the notice
  // gives way to the form when a fresh count finds room (the plan changed in the portal, or a vehicle
  // was retired elsewhere). A count that was wrong the other way ends in the server's refusal.
  const [showForm, setShowForm] = useState(full === null);
  if (!showForm && full === null) setShowForm(true);
  const { refetch } = overview;
  useEffect(() => {
    if (!showForm) void refetch();
  }, [showForm, refetch]);
  if (!showForm && full) return <PlanFullDialog usage={full} open={open} onOpenChange={onOpenChange} />;
  // A change of unit (Settings saved in another tab) starts the form again in the new unit.
  return <VehicleForm key={unit} unit={unit} vehicle={vehicle} open={open} onOpenChange={onOpenChange} />;
}

/**
 * The vehicle form's schema: the mileage box is read in the account's unit (a whole number, its limit in
 * that unit) and becomes miles, then the shared vehicleInput checks the rest as the server will.
 */
function vehicleFormSchema(unit: DistanceUnit, vehicle: Vehicle | null) {
  return withDistanceBoxes(
    { mileage: distanceInput('Mileage', unit, MAX_MILEAGE, vehicle?.mileage ?? 0) },
    vehicleInput,
  );
}

function VehicleForm({
  vehicle,
  unit,
  open,
  onOpenChange,
}: {
  vehicle: Vehicle | null;
  unit: DistanceUnit;
} & DialogOpenProps) {
  const { canManageAccount } = useFleetAccount();
  const queryClient = useQueryClient();
  const save = useSaveVehicle();
  const [refusal, setRefusal] = useState<LimitRefusal | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  // On a phone the dialog scrolls: bring the refusal and its Upgrade plan button into view.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  const [schema] = useState(() => vehicleFormSchema(unit, vehicle));
  const form = useSchemaForm({
    schema,
    defaultValues: defaults(vehicle, unit),
    toInput: (v: Values) => ({ ...v, location: orNull(v.location) }),
  });

  const onSubmit = form.submit(
    async (input) => {
      setRefusal(null);
      setFormError(null);
      await save.mutateAsync({ id: vehicle?.id ?? null, input });
      const name = `${input.make} ${input.model}`;
      toast({
        title: vehicle ? 'Vehicle updated' : 'Vehicle added',
        description: vehicle ? `${name} was saved.` : `${name} is in your fleet.`,
        variant: 'success',
      });
      onOpenChange(false);
    },
    // A plan limit and any error that reached no field stay in the dialog, beside the buttons.
    (error, shownOnFields) => {
      const limit = limitRefusalOf(error);
      if (limit) {
        setRefusal(limit);
        // The usage this screen knew was stale (another person or tab added one): fetch it again.
        void queryClient.invalidateQueries({ queryKey: fleetOverviewKey });
        void queryClient.invalidateQueries({ queryKey: vehiclesKey });
      } else if (!shownOnFields)
        setFormError(errorMessageOf(error, 'The vehicle could not be saved. Please try again.'));
    },
  );

  const title = vehicle ? `Edit ${vehicle.make} ${vehicle.model}` : 'Add vehicle';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        vehicle
          ? 'Change any field and save. Retired vehicles do not count against your plan.'
          : 'Active, maintenance and inactive vehicles count against your plan; retired ones do not.'
      }
      submitLabel={vehicle ? 'Save changes' : 'Add vehicle'}
      pending={form.formState.isSubmitting}
      onSubmit={onSubmit}
      width="2xl"
    >
      <FieldRow>
        <TextField form={form} name="make" label="Make" required autoComplete="off" placeholder="e.g. Ford" />
        <TextField
          form={form}
          name="model"
          label="Model"
          required
          autoComplete="off"
          placeholder="e.g. Transit"
        />
        <TextField
          form={form}
          name="year"
          label="Year"
          description={`${FIRST_MODEL_YEAR} to ${lastModelYear()}`}
          required
          inputMode="numeric"
          autoComplete="off"
        />
        <SelectField
          form={form}
          name="status"
          label="Status"
          required
          options={VEHICLE_STATUS_OPTIONS}
          placeholder="Choose a status"
        />
        <TextField
          form={form}
          name="vin"
          label="VIN"
          description="17 letters and digits, without I, O or Q"
          required
          autoComplete="off"
          spellCheck={false}
          className="[&_input]:font-mono [&_input]:uppercase"
          maxLength={17}
        />
        <TextField
          form={form}
          name="licensePlate"
          label="License plate"
          required
          autoComplete="off"
          spellCheck={false}
          className="[&_input]:uppercase"
          maxLength={15}
        />
        <TextField
          form={form}
          name="mileage"
          label={`Mileage (${unitSuffix(unit)})`}
          type="number"
          inputMode="numeric"
          min={0}
          max={maxInUnit(MAX_MILEAGE, unit)}
          step={1}
        />
        <FuelLevelField form={form} />
        <TextField
          form={form}
          name="location"
          label="Location"
          className="sm:col-span-2"
          autoComplete="off"
          placeholder="e.g. Main depot"
        />
      </FieldRow>
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
    </FormDialog>
  );
}

/** A slider for the hand and a number box for the keyboard, both on the same value. */
function FuelLevelField({ form }: { form: SchemaForm<Values, ReturnType<typeof vehicleFormSchema>> }) {
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

import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon } from 'lucide-react';
import type { FleetOverview, Vehicle } from '@shared/contracts/fleet';
import type { DistanceUnit } from '@shared/distance';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { DialogFrame } from '@client/components/dialog-frame';
import { FormDialog } from '@client/components/form/form-dialog';
import { AddButton } from '@client/components/list/add-button';
import { Button } from '@client/components/ui/button';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { fleetOverviewQuery } from '../api';
import { useDistanceUnit } from '../shell/distance-unit';
import { useFleetAccount } from '../shell/fleet-account';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { useVehicleSave } from './use-vehicle-save';
import { VehicleFormFields } from './vehicle-form-fields';

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
function PlanFullDialog({ usage, ...dialog }: { usage: PlanUsage } & DialogOpenProps) {
  const { canManageAccount } = useFleetAccount();
  const plan = usage.planName ? `${usage.planName} plan` : 'plan';
  return (
    <DialogFrame
      {...dialog}
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
  ...dialog
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
  if (!showForm && full) return <PlanFullDialog usage={full} {...dialog} />;
  // A change of unit (Settings saved in another tab) starts the form again in the new unit.
  return <VehicleForm key={unit} unit={unit} vehicle={vehicle} {...dialog} />;
}

function VehicleForm({
  vehicle,
  unit,
  ...dialog
}: {
  vehicle: Vehicle | null;
  unit: DistanceUnit;
} & DialogOpenProps) {
  const { canManageAccount } = useFleetAccount();
  const { form, onSubmit, refusal, refusalRef, formError } = useVehicleSave({
    vehicle,
    unit,
    onSaved: () => dialog.onOpenChange(false),
  });

  const title = vehicle ? `Edit ${vehicle.make} ${vehicle.model}` : 'Add vehicle';
  return (
    <FormDialog
      {...dialog}
      title={title}
      description={
        vehicle
          ? 'Change any field and save. Retired vehicles do not count against your plan.'
          : 'Active, maintenance and inactive vehicles count against your plan; retired ones do not.'
      }
      submitLabel={vehicle ? 'Save changes' : 'Add vehicle'}
      onSubmit={onSubmit}
      width="2xl"
    >
      <VehicleFormFields form={form} unit={unit} />
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

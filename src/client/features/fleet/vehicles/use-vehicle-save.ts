import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@shared/contracts/fleet';
import type { DistanceUnit } from '@shared/distance';
import { orNull, useSchemaForm } from '@client/components/form/use-schema-form';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { fleetOverviewKey, limitRefusalOf, vehiclesKey, useSaveVehicle, type LimitRefusal } from '../api';
import { vehicleFormDefaults, vehicleFormSchema, type VehicleFormValues } from './vehicle-form-values';

/**
 * The vehicle form and its save. A plan-limit refusal and an error that reached no field are kept for
 * the dialog to show beside its buttons.
 */
export function useVehicleSave({
  vehicle,
  unit,
  onSaved,
}: {
  vehicle: Vehicle | null;
  unit: DistanceUnit;
  onSaved: () => void;
}) {
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
    defaultValues: vehicleFormDefaults(vehicle, unit),
    toInput: (v: VehicleFormValues) => ({ ...v, location: orNull(v.location) }),
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
      onSaved();
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

  return { form, onSubmit, refusal, refusalRef, formError };
}

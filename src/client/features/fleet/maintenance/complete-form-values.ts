import { z } from 'zod';
import { completeMaintenanceRequest, MAX_MILEAGE, type MaintenanceRecord } from '@shared/contracts/fleet';
import { distanceInput, fromMiles, withDistanceBoxes, type DistanceUnit } from '@shared/distance';
import { orNull, type SchemaForm } from '@client/components/form/use-schema-form';
import { addMonths, NEXT_SERVICE_DISTANCE, NEXT_SERVICE_MONTHS, todayYmd } from './maintenance-format';

/** The Complete form's boxes, as typed; the next service's are kept flat. */
export type CompleteValues = {
  completedDate: string;
  cost: string;
  notes: string;
  scheduleNext: boolean;
  nextDueDate: string;
  nextDueMileage: string;
};

export const completeToInput = (v: CompleteValues) => ({
  completedDate: v.completedDate,
  cost: orNull(v.cost),
  notes: orNull(v.notes),
  next: v.scheduleNext ? { dueDate: orNull(v.nextDueDate), dueMileage: v.nextDueMileage } : null,
});

/** `next.dueDate` -> `nextDueDate`: the form keeps the next service's boxes flat. */
export function completeFieldOf(path: string): string {
  const [first, second] = path.split('.');
  if (first === 'next') return second === 'dueMileage' ? 'nextDueMileage' : 'nextDueDate';
  return first || 'completedDate';
}

/**
 * The next service starts from the usual interval: six months after today when the record was due by
 * date (or by nothing in particular), 5,000 mi (8,000 km) past the vehicle's mileage when due by mileage.
 */
export function completeDefaults(record: MaintenanceRecord, unit: DistanceUnit): CompleteValues {
  const today = todayYmd();
  const byMileage = record.dueMileage !== null;
  const byDate = record.dueDate !== null || !byMileage;
  const from = Math.max(record.vehicle.mileage, record.dueMileage ?? 0);
  return {
    completedDate: today,
    cost: record.cost != null ? String(record.cost) : '',
    notes: record.notes ?? '',
    scheduleNext: true,
    nextDueDate: byDate ? addMonths(today, NEXT_SERVICE_MONTHS) : '',
    nextDueMileage: byMileage ? String(fromMiles(from, unit) + NEXT_SERVICE_DISTANCE[unit]) : '',
  };
}

/** The shared request's schema, with the next due mileage read in the account's unit. */
export function completeFormSchema(unit: DistanceUnit) {
  return withDistanceBoxes(
    {
      next: withDistanceBoxes(
        { dueMileage: distanceInput('Next due mileage', unit, MAX_MILEAGE) },
        z.unknown(),
      ).nullable(),
    },
    completeMaintenanceRequest,
  );
}

export type CompleteSchemaForm = SchemaForm<CompleteValues, ReturnType<typeof completeFormSchema>>;

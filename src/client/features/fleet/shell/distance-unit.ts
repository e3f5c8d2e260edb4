import { formatDistance, unitSuffix, type DistanceUnit } from '@shared/distance';
import { useCustomerSettings } from '@client/lib/customer-settings';

/**
 * The account's distance unit (portal Settings → Distance unit): every mileage the fleet app shows and
 * accepts follows it. Miles until the settings have loaded, and if they cannot be read: the API's unit.
 */
export function useDistanceUnit(): DistanceUnit {
  return useCustomerSettings()?.distanceUnit ?? 'miles';
}

/** The unit with its display helpers: `format(miles)` → "102 km", `suffix` → "km". */
export function useDistance() {
  const unit = useDistanceUnit();
  return { unit, suffix: unitSuffix(unit), format: (miles: number) => formatDistance(miles, unit) };
}

import type { CustomerSettings } from '@shared/contracts/portal';

const INTERVALS: Record<CustomerSettings['refreshInterval'], number | false> = {
  '30seconds': 30_000,
  '1minute': 60_000,
  '5minutes': 300_000,
  manual: false,
};

/** How often the fleet app reloads its figures and lists, from the account's Settings; false: never. */
export function fleetRefreshInterval(
  settings: Pick<CustomerSettings, 'autoRefresh' | 'refreshInterval'> | undefined,
): number | false {
  if (!settings?.autoRefresh) return false;
  return INTERVALS[settings.refreshInterval];
}

import { VEHICLE_SORTS, vehicleListQuery } from '@shared/contracts/fleet';
import { VEHICLE_STATUSES } from '@shared/statuses';
import { useListState } from '@client/components/list/use-list-state';
import { FLEET_PAGE_SIZE } from '../api';

/**
 * The vehicle list's state in the address, unscoped (`q`, `status`, `sort`, `page`): the Vehicles tab
 * shows it and the Import/Export tab exports exactly that, so both read it here.
 */
export function useVehicleListState() {
  const state = useListState({
    sorts: VEHICLE_SORTS,
    defaultSort: '-lastUpdate',
    filters: { status: VEHICLE_STATUSES },
    pageSize: FLEET_PAGE_SIZE,
  });
  // The state's values are the contract's already; parsing gives them the contract's types.
  return { ...state, query: vehicleListQuery.parse(state.query) };
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CarIcon } from 'lucide-react';
import type { Vehicle } from '@shared/contracts/fleet';
import { AddButton } from '@client/components/list/add-button';
import { ListSection } from '@client/components/list/list-section';
import { vehiclesQuery } from '../api';
import { useDistance } from '../shell/distance-unit';
import { useMediaQuery } from '../shell/use-media-query';
import { DeleteVehicleDialog } from './delete-vehicle-dialog';
import { useOpenNewFromAddress } from './use-open-new-from-address';
import { useRetireVehicle } from './use-retire-vehicle';
import { VehicleDialog } from './vehicle-dialog';
import { useVehicleListState } from './vehicle-list-state';
import { VEHICLE_NARROW_ORDER, VehicleActions, vehicleColumns, type RowHandlers } from './vehicle-rows';
import { VehicleToolbar } from './vehicle-toolbar';

/** The vehicle list: searched, filtered, sorted and paged on the server; add, edit, retire and delete. */
export default function VehiclesTab() {
  const state = useVehicleListState();
  // Below 1024 px some sortable columns have given way (vehicle-rows.tsx): the sorts by name instead.
  const allSortsShown = useMediaQuery('(min-width: 1024px)');
  const list = useQuery(vehiclesQuery(state.query));
  const { suffix } = useDistance();
  const retire = useRetireVehicle();
  const [dialog, setDialog] = useState<{ vehicle: Vehicle | null } | null>(null);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const openNew = () => setDialog({ vehicle: null });
  useOpenNewFromAddress(openNew, dialog !== null);

  const handlers: RowHandlers = {
    onEdit: (v) => setDialog({ vehicle: v }),
    onRetire: (v) => void retire(v),
    onDelete: (v) => setDeleting(v),
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <ListSection
        state={state}
        query={list}
        noun="vehicles"
        toolbar={{
          search: { label: 'Search vehicles', placeholder: 'Search make, model, VIN, plate, location' },
          children: <VehicleToolbar state={state} allSortsShown={allSortsShown} onAdd={openNew} />,
        }}
        empty={{
          icon: CarIcon,
          title: 'Add your first vehicle',
          text: 'Your fleet is empty. Add a vehicle, or import a CSV file from the Import/Export tab.',
          action: <AddButton onClick={openNew}>Add vehicle</AddButton>,
        }}
        frame="card"
        label="Vehicles"
        columns={vehicleColumns(suffix)}
        narrowOrder={VEHICLE_NARROW_ORDER}
        rowProps={{ 'data-testid': 'vehicle-row' }}
        actions={(v) => <VehicleActions vehicle={v} {...handlers} />}
        pager={{ label: 'Vehicle pages', testId: 'vehicle-range' }}
      />

      {dialog ? (
        <VehicleDialog
          key={dialog.vehicle?.id ?? 'new'}
          vehicle={dialog.vehicle}
          open
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}

      <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

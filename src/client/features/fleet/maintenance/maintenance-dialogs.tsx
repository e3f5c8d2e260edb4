import type { MaintenanceRecord } from '@shared/contracts/fleet';
import { RowChangeConfirm } from '@client/components/list/row-change-confirm';
import { useDeleteMaintenance } from '../api';
import { vehicleLabel, type PickedVehicle } from '../drivers/vehicle-label';
import { CompleteDialog } from './complete-dialog';
import { MaintenanceDialog } from './maintenance-dialog';

/** The dialog the Maintenance tab has open; `key` starts a form afresh at each opening. */
export type MaintenanceDialogState =
  | { kind: 'edit'; record: MaintenanceRecord | null; key: number }
  | { kind: 'complete'; record: MaintenanceRecord; key: number }
  | { kind: 'delete'; record: MaintenanceRecord };

/** Schedule or edit, complete, and the delete confirmation, for the record the tab chose. */
export function MaintenanceDialogs({
  dialog,
  vehicle,
  onClose,
}: {
  dialog: MaintenanceDialogState | null;
  /** The vehicle the list is narrowed to: a new record starts with it. */
  vehicle: PickedVehicle | null;
  onClose: () => void;
}) {
  const remove = useDeleteMaintenance();
  const close = (open: boolean) => !open && onClose();
  const deleting = dialog?.kind === 'delete' ? dialog.record : null;

  return (
    <>
      {dialog?.kind === 'edit' ? (
        <MaintenanceDialog
          key={dialog.key}
          record={dialog.record}
          vehicle={vehicle}
          open
          onOpenChange={close}
        />
      ) : null}
      {dialog?.kind === 'complete' ? (
        <CompleteDialog key={dialog.key} record={dialog.record} open onOpenChange={close} />
      ) : null}
      <RowChangeConfirm
        row={deleting}
        onClose={onClose}
        change={(record) => remove.mutateAsync(record.id)}
        outcome={(record) => ({
          done: {
            title: 'Maintenance deleted',
            description: `${record.type} was removed.`,
            variant: 'success',
          },
          failed: {
            title: 'Maintenance not deleted',
            fallback: 'The record could not be deleted. Please try again.',
          },
        })}
        title={`Delete ${deleting?.type ?? 'maintenance'}?`}
        description={
          deleting
            ? `The record for ${vehicleLabel(deleting.vehicle)} is removed. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete record"
      />
    </>
  );
}

import type { Driver } from '@shared/contracts/fleet';
import { RowChangeConfirm } from '@client/components/list/row-change-confirm';
import { useDeleteDriver } from '../api';

/** Asks before deleting `driver` (open while it is set) and deletes it; closes only once it is gone. */
export function DeleteDriverDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const remove = useDeleteDriver();
  return (
    <RowChangeConfirm
      row={driver}
      onClose={onClose}
      change={(d) => remove.mutateAsync(d.id)}
      outcome={(d) => ({
        done: { title: 'Driver deleted', description: `${d.name} was removed.`, variant: 'success' },
        failed: {
          title: 'Driver not deleted',
          fallback: 'The driver could not be deleted. Please try again.',
        },
      })}
      title={`Delete ${driver?.name ?? 'driver'}?`}
      description="The driver is removed and their vehicle is left without a driver. This cannot be undone."
      confirmLabel="Delete driver"
    />
  );
}

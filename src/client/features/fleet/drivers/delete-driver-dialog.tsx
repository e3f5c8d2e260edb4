import type { Driver } from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { changeRow } from '@client/components/list/row-change';
import { useDeleteDriver } from '../api';

/** Asks before deleting `driver` (open while it is set) and deletes it; closes only once it is gone. */
export function DeleteDriverDialog({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const remove = useDeleteDriver();

  const onDelete = async () => {
    if (!driver) return;
    const deleted = await changeRow(() => remove.mutateAsync(driver.id), {
      done: { title: 'Driver deleted', description: `${driver.name} was removed.`, variant: 'success' },
      failed: { title: 'Driver not deleted', fallback: 'The driver could not be deleted. Please try again.' },
    });
    if (deleted) onClose();
  };

  return (
    <ConfirmDialog
      open={driver !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${driver?.name ?? 'driver'}?`}
      description="The driver is removed and their vehicle is left without a driver. This cannot be undone."
      confirmLabel="Delete driver"
      onConfirm={onDelete}
    />
  );
}

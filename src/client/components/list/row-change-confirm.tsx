import { useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@client/components/confirm-dialog';
import { changeRow } from '@client/components/list/row-change';

/** The row a confirmation is about, kept while the dialog animates out so its texts do not blank. */
export function useLastRow<T>(row: T | null): T | null {
  const [last, setLast] = useState(row);
  if (row && row !== last) setLast(row);
  return row ?? last;
}

/**
 * The confirmation of a change from a row (delete, suspend, a new role): open while `row` is set, the
 * change run by `changeRow` with its toasts (`outcome`), closed only once it was made, so a failure
 * leaves it open to try again.
 */
export function RowChangeConfirm<T, A>({
  row,
  onClose,
  change,
  outcome,
  ...dialog
}: {
  row: T | null;
  onClose: () => void;
  change: (row: T) => Promise<A>;
  outcome: (row: T) => Parameters<typeof changeRow<A>>[1];
} & Omit<ConfirmDialogProps, 'open' | 'onOpenChange' | 'onConfirm'>) {
  const onConfirm = async () => {
    if (!row) return;
    if (await changeRow(() => change(row), outcome(row))) onClose();
  };
  return (
    <ConfirmDialog
      {...dialog}
      open={row !== null}
      onOpenChange={(next) => !next && onClose()}
      onConfirm={onConfirm}
    />
  );
}

import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { BusyIcon } from '@client/components/busy-icon';

export type ConfirmDialogProps = DialogOpenProps & {
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The button that backs out (default 'Cancel'). */
  cancelLabel?: string;
  /** Destructive (the default) for what cannot be undone. */
  variant?: 'default' | 'destructive';
  /**
   * The action. While its promise runs the dialog stays open and busy (a second click cannot start a
   * second change, Escape cannot hide a failure); closing on success is the caller's to decide.
   */
  onConfirm: () => Promise<unknown> | void;
  /** Busy for a reason the dialog cannot see (the same mutation started elsewhere). */
  pending?: boolean;
  /** The confirm button cannot be pressed yet (a required confirmation not given). */
  confirmDisabled?: boolean;
  /** Extra content under the description (a reason box, a summary). */
  children?: ReactNode;
};

/** The one confirmation for every destructive or weighty action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'destructive',
  onConfirm,
  pending = false,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const busy = pending || running;
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{description}</div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{cancelLabel}</AlertDialogCancel>
          <Button
            variant={variant}
            onClick={() => void confirm()}
            disabled={busy || confirmDisabled}
            aria-busy={busy}
          >
            <BusyIcon busy={busy} />
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

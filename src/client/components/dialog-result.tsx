import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';

/**
 * What a dialog shows once its form has answered (a `FormDialog`'s `result`): a title, what happened
 * (`status`: announced), anything more, and the one way out.
 */
export function DialogResult({
  title,
  description,
  status = false,
  closeLabel,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  status?: boolean;
  closeLabel: string;
  children?: ReactNode;
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription role={status ? 'status' : undefined}>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter>
        <DialogClose asChild>
          <Button>{closeLabel}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

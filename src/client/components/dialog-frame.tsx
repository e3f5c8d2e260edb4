import type { ReactNode, RefObject } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { DialogOpenProps } from '@client/components/dialog-open';

const WIDTHS = { xl: 'sm:max-w-xl', '2xl': 'sm:max-w-2xl', '3xl': 'sm:max-w-3xl' } as const;

/**
 * A dialog that shows rather than asks (a history, the saved cards): title and description above its
 * content. A form in a dialog is `FormDialog`; a yes/no question `ConfirmDialog`.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  titleAside,
  description,
  width,
  returnFocusTo,
  children,
}: DialogOpenProps & {
  title: string;
  /** Badges beside the title, wrapping under it on a narrow screen. */
  titleAside?: ReactNode;
  description: ReactNode;
  width: keyof typeof WIDTHS;
  /** The button that opened it, when that is not a Radix trigger: focus goes back there on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={WIDTHS[width]}
        onCloseAutoFocus={
          returnFocusTo
            ? (event) => {
                event.preventDefault();
                returnFocusTo.current?.focus();
              }
            : undefined
        }
      >
        <DialogHeader>
          {titleAside ? (
            <div className="flex flex-wrap items-center gap-2">
              <DialogTitle>{title}</DialogTitle>
              {titleAside}
            </div>
          ) : (
            <DialogTitle>{title}</DialogTitle>
          )}
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

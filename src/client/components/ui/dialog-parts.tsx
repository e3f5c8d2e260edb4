import { Dialog as DialogPrimitive } from 'radix-ui';
import { XIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

// What Dialog, AlertDialog and Sheet have in common, so the three modal panels dim the page, lay out their
// buttons and close alike.

export const overlayClass =
  'fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out';

/** The panel in the middle of the screen (Dialog adds scrolling for long forms). */
export const centredPanelClass =
  'fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 text-foreground shadow-lg outline-none data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out';

export const titleClass = 'text-lg font-semibold';

export const footerClass = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';

export const descriptionClass = 'text-sm text-muted-foreground';

/** The X in the panel's top right corner (AlertDialog has none: it is answered with its buttons). */
export function CornerClose({ className }: { className?: string }) {
  return (
    <DialogPrimitive.Close
      className={cn(
        'absolute right-4 top-4 rounded-sm p-1 text-muted-foreground opacity-80 transition-opacity outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      aria-label="Close"
    >
      <XIcon className="size-4" aria-hidden="true" />
    </DialogPrimitive.Close>
  );
}

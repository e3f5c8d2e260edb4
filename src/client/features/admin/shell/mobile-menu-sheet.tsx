import type { RefObject } from 'react';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@client/components/ui/sheet';
import { getAppName } from '@client/lib/app-name';
import { AdminNav, type MobileMenuProps } from './admin-sidebar';

/** The mobile menu's slide-in panel (lazy, see `MobileAdminMenu`); focus goes back to its button on close. */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocusTo,
  menu: { userSummary, ...nav },
}: DialogOpenProps & {
  returnFocusTo: RefObject<HTMLElement | null>;
  menu: MobileMenuProps;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="w-72 gap-5 px-3 py-5"
        onCloseAutoFocus={(event) => {
          // Opened from a plain button (not a Radix trigger): focus goes back to it by hand.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <SheetHeader className="px-3">
          <SheetTitle>{getAppName()} Admin</SheetTitle>
          <SheetDescription className="sr-only">Choose a section of the admin dashboard</SheetDescription>
          {userSummary}
        </SheetHeader>
        <AdminNav {...nav} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}

import type { ReactNode } from 'react';
import { LogOutIcon, TruckIcon } from 'lucide-react';
import { IconBadge } from '@client/components/icon-badge';
import { Button } from '@client/components/ui/button';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { cn } from '@client/lib/cn';
import { useCustomerSignOut } from '@client/lib/use-customer-sign-out';
import { BusyIcon } from '@client/components/busy-icon';

/**
 * The header of the customer's signed-in apps (portal and fleet): the brand mark beside who is signed
 * in, then the page's own buttons, the theme switch and Logout, on one row while they fit (the buttons
 * wrap under the name on a phone). `className` gives the row the width and spacing of the page below it.
 * Only the page's own places go in `actions`: a place another part of the page already opens (a tab, a
 * card's button) is not repeated here.
 */
export function CustomerHeader({
  className,
  children,
  actions,
}: {
  className: string;
  /** Who is signed in: the company as the page's h1 and the lines around it. */
  children: ReactNode;
  /** The page's own buttons before the theme switch (null: none). */
  actions: ReactNode;
}) {
  const { signOut, leaving } = useCustomerSignOut();
  return (
    <header className="border-b bg-background">
      <div className={cn('mx-auto flex flex-wrap items-center justify-between px-4 sm:px-6', className)}>
        <div className="flex min-w-0 items-center gap-3">
          <IconBadge icon={TruckIcon} tone="brand" className="shrink-0" />
          <div className="min-w-0">{children}</div>
        </div>
        <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
          {actions}
          <ThemeToggle />
          <Button variant="ghost" size="sm" onClick={signOut} disabled={leaving}>
            <BusyIcon busy={leaving} icon={LogOutIcon} />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}

import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { MenuIcon } from 'lucide-react';
import type { AdminTab } from '@shared/roles';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { ADMIN_TAB_GROUPS, ADMIN_TAB_INFO, MENU_ORDER, adminTabHref } from './admin-tabs';

/**
 * The slide-in panel of the mobile menu, its own chunk: the dialog machinery it brings stays out of
 * the shell's first load (budget 175 kB) until the menu is first opened.
 */
const MobileMenuSheet = lazy(() => import('./mobile-menu-sheet'));

export type NavProps = {
  /** The tabs the user's role may open (tabsForRole); only these are listed. */
  allowed: readonly AdminTab[];
  active: AdminTab;
  /** Called after an item is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
};

/** The grouped menu. Items are real links (/admin?tab=id), so they open in a new tab too. */
export function AdminNav({ allowed, active, onNavigate }: NavProps) {
  const groups = ADMIN_TAB_GROUPS.map((group) => ({
    ...group,
    tabs: MENU_ORDER.filter((id) => ADMIN_TAB_INFO[id].group === group.id && allowed.includes(id)),
  })).filter((group) => group.tabs.length > 0);

  return (
    <nav aria-label="Admin menu" className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.id} className="flex flex-col gap-1">
          <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {group.label}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.tabs.map((id) => {
              const { label, icon: Icon } = ADMIN_TAB_INFO[id];
              const current = id === active;
              return (
                <li key={id}>
                  <Link
                    href={adminTabHref(id)}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    className={cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                      current
                        ? 'bg-primary/10 text-primary'
                        : 'text-foreground/80 hover:bg-accent hover:text-accent-foreground',
                    )}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    <span className="truncate">{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The desktop sidebar (lg and up). */
export function AdminSidebar(props: NavProps) {
  return (
    <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-64 shrink-0 overflow-y-auto border-r bg-muted/30 px-3 py-5 lg:block">
      <AdminNav {...props} />
    </aside>
  );
}

/** The mobile menu: the nav, and who is signed in above it. */
export type MobileMenuProps = NavProps & { userSummary?: ReactNode };

/** The menu button and slide-in menu for small screens (below lg). */
export function MobileAdminMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" />
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={button} menu={props} />
        </Suspense>
      ) : null}
    </>
  );
}

import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { MenuIcon, TruckIcon, XIcon } from 'lucide-react';
import { getAppName } from '@client/lib/app-name';
import { IconBadge } from '@client/components/icon-badge';
import { ThemeToggle } from '@client/components/ui/theme-toggle';
import { LandingButton } from './landing-ui';

/** The page's sections, linked from the header, its mobile menu and the footer. */
export const SECTIONS = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#contact', label: 'Contact' },
] as const;

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

/** The product mark: icon tile plus name. */
export function Brand() {
  return (
    <span className="flex items-center gap-2 text-lg font-semibold tracking-tight">
      <IconBadge icon={TruckIcon} size="sm" tone="brand" iconClassName="size-4.5" />
      {getAppName()}
    </span>
  );
}

/**
 * Sticky top navigation. On small screens the links fold into a disclosure panel (a plain button with
 * aria-expanded rather than a Radix Sheet, to keep the landing's JavaScript small).
 */
export function LandingHeader({ onGetStarted }: { onGetStarted: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();

  // Escape closes the mobile menu, like any other disclosure.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="#top" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Brand />
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTIONS.map((s) => (
            <a key={s.href} href={s.href} className={navLinkClass}>
              {s.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <ThemeToggle />
          <Link href="/customer-login" className={navLinkClass}>
            Login
          </Link>
          <LandingButton onClick={onGetStarted}>Get Started</LandingButton>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <ThemeToggle />
          <LandingButton
            variant="ghost"
            size="icon"
            aria-expanded={menuOpen}
            aria-controls={panelId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </LandingButton>
        </div>
      </div>
      <div id={panelId} hidden={!menuOpen} className="border-t bg-background md:hidden">
        <nav aria-label="Mobile" className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {SECTIONS.map((s) => (
            <a key={s.href} href={s.href} className={navLinkClass} onClick={close}>
              {s.label}
            </a>
          ))}
          <Link href="/customer-login" className={navLinkClass} onClick={close}>
            Login
          </Link>
          <LandingButton
            className="mt-2 w-full"
            onClick={() => {
              close();
              onGetStarted();
            }}
          >
            Get Started
          </LandingButton>
        </nav>
      </div>
    </header>
  );
}

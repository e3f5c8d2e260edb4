import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTheme, type Theme } from '@client/lib/theme';
import type { VariantProps } from 'class-variance-authority';
import { buttonVariants } from './button-variants';

const order: Theme[] = ['light', 'dark', 'system'];
const labels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/**
 * One button that cycles light -> dark -> system. The icon shows the current choice; the accessible
 * name says the current theme and the next one. Deliberately no menu: it sits on the landing page, and a
 * dropdown would pull the positioning engine into that chunk. It uses buttonVariants without `cn` for
 * the same reason.
 */
export function ThemeToggle({
  className,
  variant = 'ghost',
  size = 'icon',
  onChoose,
}: VariantProps<typeof buttonVariants> & {
  className?: string;
  /** Also told of each choice (the admin header saves it as the member's preference). */
  onChoose?: (theme: Theme) => void;
}) {
  const { theme, setTheme } = useTheme();
  const next = order[(order.indexOf(theme) + 1) % order.length] ?? 'system';
  const Icon = icons[theme];
  const label = `Theme: ${labels[theme]}. Switch to ${labels[next].toLowerCase()} theme`;
  return (
    <button
      type="button"
      className={buttonVariants({ variant, size, className })}
      aria-label={label}
      title={label}
      data-theme-choice={theme}
      onClick={() => {
        setTheme(next);
        onChoose?.(next);
      }}
    >
      <Icon aria-hidden="true" />
      {size === 'icon' ? null : <span>{labels[theme]}</span>}
    </button>
  );
}

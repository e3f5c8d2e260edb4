import type { LucideIcon } from 'lucide-react';

const SIZES = {
  sm: { box: 'size-8', icon: 'size-4' },
  md: { box: 'size-10', icon: 'size-5' },
  lg: { box: 'size-12', icon: 'size-6' },
} as const;

const TONES = {
  /** The solid brand tile (the truck beside the app's name). */
  brand: 'bg-primary text-primary-foreground',
  primary: 'bg-primary/10 text-primary',
  muted: 'bg-muted text-muted-foreground',
  destructive: 'bg-destructive/10 text-destructive',
} as const;

/**
 * An icon on a tinted tile or circle: the mark above a card's title, a status page's symbol, the brand.
 * Plain class strings rather than `cn`, so the landing page can use it without tailwind-merge; `className`
 * adds layout (margins, shrink), `iconClassName` replaces the icon's size.
 */
export function IconBadge({
  icon: Icon,
  size = 'md',
  tone = 'primary',
  shape = 'tile',
  className,
  iconClassName,
}: {
  icon: LucideIcon;
  size?: keyof typeof SIZES;
  tone?: keyof typeof TONES;
  shape?: 'tile' | 'circle';
  className?: string;
  iconClassName?: string;
}) {
  const rounding = shape === 'circle' ? 'rounded-full' : 'rounded-lg';
  const classes = ['flex', SIZES[size].box, 'items-center justify-center', rounding, TONES[tone], className];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      <Icon className={iconClassName ?? SIZES[size].icon} aria-hidden="true" />
    </span>
  );
}

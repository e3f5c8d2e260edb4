import type { ComponentProps } from 'react';
import type { VariantProps } from 'class-variance-authority';
import { buttonVariants } from '@client/components/ui/button-variants';

/*
 * Small building blocks for the landing page that avoid `cn` (tailwind-merge, ~8.5 kB gzip): the
 * landing is the one screen with a tight JavaScript budget (docs/performance.md). Everywhere else use
 * components/ui.
 */

type ButtonStyle = Pick<VariantProps<typeof buttonVariants>, 'variant' | 'size'>;

/** Button classes plus extra, non-conflicting ones (layout, margins, width). */
export function buttonClass(style: ButtonStyle = {}, extra = ''): string {
  return buttonVariants({ ...style, className: extra });
}

export type LandingButtonProps = ComponentProps<'button'> & ButtonStyle;

export function LandingButton({
  variant,
  size,
  className = '',
  type = 'button',
  ...props
}: LandingButtonProps) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

/** A grey placeholder block while content loads (as components/ui/skeleton). */
export function LandingSkeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-muted ${className}`} />;
}

import type { ComponentProps } from 'react';
import { cn } from '@client/lib/cn';

/** A grey placeholder block shown while content loads (hidden from assistive technology). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

/** `count` placeholders of one look side by side or one under another (a row of tiles, a list's rows). */
export function Skeletons({ count, className }: { count: number; className?: string }) {
  return Array.from({ length: count }, (_, i) => <Skeleton key={i} className={className} />);
}

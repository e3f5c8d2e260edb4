import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@client/lib/cn';

export type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> & {
  /** Classes for the filled part (e.g. a warning colour near a limit). */
  indicatorClassName?: string;
};

/** A horizontal bar for a share of a whole (0-100); give it an accessible name with aria-label. */
export function Progress({ className, indicatorClassName, value, max = 100, ...props }: ProgressProps) {
  const share = value == null ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn('h-full bg-primary transition-[width] duration-300', indicatorClassName)}
        style={{ width: `${share}%` }}
      />
    </ProgressPrimitive.Root>
  );
}

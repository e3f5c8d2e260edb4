import type { ComponentProps } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

export type SpinnerProps = Omit<ComponentProps<'span'>, 'children'> & {
  /** Read by screen readers (default 'Loading'). */
  label?: string;
  size?: 'sm' | 'default' | 'lg';
  /** Also show the label as visible text next to the spinner. */
  showLabel?: boolean;
};

const sizes = { sm: 'size-4', default: 'size-6', lg: 'size-10' } as const;

export function Spinner({
  label = 'Loading',
  size = 'default',
  showLabel = false,
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
      {...props}
    >
      <LoaderCircleIcon className={cn('animate-spin text-primary', sizes[size])} aria-hidden="true" />
      {showLabel ? <span className="text-sm">{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}

/** A spinner centred in the page, for route and session loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/** A screen's grey placeholders while it loads, announced once by `label`. */
export function LoadingBlock({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-6', className)} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Skeleton } from '@client/components/ui/skeleton';

/** Placeholder rows while a paged list in a billing dialog loads. */
export function LoadingRows({ label }: { label: string }) {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-10" />
      ))}
    </div>
  );
}

/** Why a billing list could not be shown. */
export function LoadError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
    >
      {children}
    </p>
  );
}

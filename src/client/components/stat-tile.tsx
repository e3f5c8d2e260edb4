import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadingBlock } from '@client/components/loading-block';
import { cn } from '@client/lib/cn';

/**
 * One figure on a summary row (dashboard tiles, the fleet center's figures): what it is, the value,
 * one line on what it counts, and an optional next step (a link to the list behind it).
 */
export type StatTileProps = {
  label: string;
  /** Beside the label: what the figure means (a definition tooltip's trigger). */
  labelAddon?: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  testId?: string;
  className?: string;
};

export function StatTile({
  label,
  labelAddon,
  value,
  hint,
  icon: Icon,
  action,
  testId,
  className,
}: StatTileProps) {
  return (
    <Card className={cn('flex min-w-0 flex-col p-4 sm:p-5', className)} data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-1">
          <p className="truncate text-sm font-medium text-muted-foreground">{label}</p>
          {labelAddon}
        </div>
        {Icon ? <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" /> : null}
      </div>
      <p className="mt-2 text-2xl font-bold tracking-tight tabular-nums" data-slot="stat-value">
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      {action ? <div className="mt-auto pt-3 text-sm">{action}</div> : null}
    </Card>
  );
}

/** Tiles side by side: one column on phones, two on tablets, `columns` from wide screens on. */
export function StatTileGrid({ columns = 4, children }: { columns?: 3 | 4; children: ReactNode }) {
  return (
    <div
      className={cn(
        'grid grid-cols-1 gap-4 sm:grid-cols-2',
        columns === 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3',
      )}
    >
      {children}
    </div>
  );
}

/** The tiles' grey placeholders while their figures load, announced once by `label`. */
export function StatTilesSkeleton({
  label,
  count = 4,
  columns = 4,
}: {
  label: string;
  count?: number;
  columns?: 3 | 4;
}) {
  return (
    <LoadingBlock label={label}>
      <StatTileGrid columns={columns}>
        {Array.from({ length: count }, (_, i) => (
          <Card key={i} className="space-y-3 p-4 sm:p-5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-36" />
          </Card>
        ))}
      </StatTileGrid>
    </LoadingBlock>
  );
}

import type { LucideIcon } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';

export type StatTile = {
  label: string;
  /** The figure; null while it is not known (shown as a dash). */
  value: string | null;
  hint: string;
  icon: LucideIcon;
};

/**
 * Four figures in a row (two on tablets, one under the other on phones), with their skeleton while the
 * figures load. The customers screen's stats and the Customer Fleet tiles.
 */
export function StatTiles({ tiles, loading, label }: { tiles: StatTile[]; loading: boolean; label: string }) {
  if (loading) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading {label.toLowerCase()}
        </span>
        {tiles.map((tile) => (
          <Card key={tile.label} className="space-y-3 p-4 sm:p-5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-7 w-20" />
            <Skeleton className="h-3 w-36" />
          </Card>
        ))}
      </div>
    );
  }
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {tiles.map(({ label: name, value, hint, icon: Icon }) => (
        <li key={name}>
          <Card className="h-full p-4 sm:p-5">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-muted-foreground">{name}</p>
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            </div>
            <p
              className="mt-2 text-2xl font-bold tracking-tight tabular-nums"
              data-testid={`stat-${slug(name)}`}
            >
              {value ?? '—'}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

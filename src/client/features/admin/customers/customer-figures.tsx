import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { CustomerStats } from '@shared/contracts/staff-customers';
import { LoadFailed } from '@client/components/load-failed';
import { StatTile, StatTileGrid, StatTilesSkeleton } from '@client/components/stat-tile';

export type CustomerFigure = { label: string; value: string; hint: string; icon: LucideIcon };

const testIdOf = (label: string) => `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/**
 * Four figures over every customer from `GET /api/admin/customers/stats` (the customers screen's
 * stats, the Customer Fleet tiles), with their skeleton and a retry.
 */
export function CustomerFigures({
  stats,
  name,
  figuresOf,
}: {
  stats: UseQueryResult<CustomerStats>;
  /** What the figures are, for the loading and failure texts ("customer figures"). */
  name: string;
  figuresOf: (stats: CustomerStats) => CustomerFigure[];
}) {
  if (stats.isPending) return <StatTilesSkeleton label={`Loading the ${name}`} />;
  if (stats.isError) {
    return (
      <LoadFailed
        title={`The ${name} could not be loaded`}
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  return (
    <StatTileGrid>
      {figuresOf(stats.data).map((f) => (
        <StatTile key={f.label} {...f} testId={testIdOf(f.label)} />
      ))}
    </StatTileGrid>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { CustomerStats } from '@shared/contracts/staff-customers';
import { QueryStatTiles } from '@client/components/query-view';

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
  return (
    <QueryStatTiles
      query={stats}
      noun={name}
      tilesOf={(data) => figuresOf(data).map((f) => ({ ...f, testId: testIdOf(f.label) }))}
    />
  );
}

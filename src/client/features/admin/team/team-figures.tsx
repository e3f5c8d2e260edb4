import { useQuery } from '@tanstack/react-query';
import { BadgeDollarSignIcon, BriefcaseIcon, PercentIcon, UsersIcon } from 'lucide-react';
import { LoadFailed } from '@client/components/load-failed';
import { StatTile, StatTileGrid, StatTilesSkeleton } from '@client/components/stat-tile';
import { teamStatsQuery } from './api';
import { formatMoney } from './team-format';

/** The four summary cards of spec 2 §2, over the whole team and every commission. */
export function TeamFigures() {
  const stats = useQuery(teamStatsQuery);
  if (stats.isPending) return <StatTilesSkeleton label="Loading team figures" />;
  if (stats.isError) {
    return (
      <LoadFailed
        title="Team figures could not be loaded"
        error={stats.error}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const s = stats.data;
  return (
    <StatTileGrid>
      <StatTile
        label="Total Users"
        value={s.totalUsers.toLocaleString('en-US')}
        hint="staff of every role"
        icon={UsersIcon}
        testId="team-total-users"
      />
      <StatTile
        label="Sales Team"
        value={s.salesTeam.toLocaleString('en-US')}
        hint="members with the sales role"
        icon={BriefcaseIcon}
        testId="team-sales-team"
      />
      <StatTile
        label="Total Commissions"
        value={formatMoney(s.totalCommissions)}
        hint="every commission, pending and paid, less refunds"
        icon={BadgeDollarSignIcon}
        testId="team-total-commissions"
      />
      <StatTile
        label="Active Rates"
        value={s.activeRates.toLocaleString('en-US')}
        hint="one per sales user and plan"
        icon={PercentIcon}
        testId="team-active-rates"
      />
    </StatTileGrid>
  );
}

import { useQuery } from '@tanstack/react-query';
import { BadgeDollarSignIcon, BriefcaseIcon, PercentIcon, UsersIcon } from 'lucide-react';
import { QueryStatTiles } from '@client/components/query-view';
import { formatMoneyMinus } from '@client/lib/format';
import { teamStatsQuery } from './api';

/** The four summary cards, over the whole team and every commission. */
export function TeamFigures() {
  return (
    <QueryStatTiles
      query={useQuery(teamStatsQuery)}
      noun="team figures"
      tilesOf={(s) => [
        {
          label: 'Total Users',
          value: s.totalUsers.toLocaleString('en-US'),
          hint: 'staff of every role, not customer users',
          icon: UsersIcon,
          testId: 'team-total-users',
        },
        {
          label: 'Sales Team',
          value: s.salesTeam.toLocaleString('en-US'),
          hint: 'members with the sales role',
          icon: BriefcaseIcon,
          testId: 'team-sales-team',
        },
        {
          label: 'Total Commissions',
          value: formatMoneyMinus(s.totalCommissions),
          hint: 'every commission, pending and paid, less refunds',
          icon: BadgeDollarSignIcon,
          testId: 'team-total-commissions',
        },
        {
          label: 'Active Rates',
          value: s.activeRates.toLocaleString('en-US'),
          hint: 'one per sales user and plan',
          icon: PercentIcon,
          testId: 'team-active-rates',
        },
      ]}
    />
  );
}

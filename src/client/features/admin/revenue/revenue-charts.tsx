import type { RevenueAnalytics } from '@shared/contracts/revenue';
import { AreaChart } from '@client/components/charts/area-chart';
import { StackedBarChart } from '@client/components/charts/stacked-bar-chart';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoney, formatMoneyTick } from '@client/lib/format';
import { monthLabel, shortDay } from './revenue-format';

/*
 * The charts read the theme's CSS variables, so they follow light and dark without knowing which is on.
 * Each has hover values (the tooltip, by pointer or arrow keys) and a text alternative naming what it shows.
 */
const MONEY = { valueTick: formatMoneyTick, valueText: formatMoney, 'data-testid': 'revenue-chart' } as const;

export const MOVEMENT_COLOURS = {
  new: 'var(--success)',
  expansion: 'var(--primary)',
  reactivation: 'color-mix(in srgb, var(--success) 50%, var(--primary))',
  contraction: 'var(--warning)',
  churn: 'var(--destructive)',
} as const;

export function MrrChart({ series }: { series: RevenueAnalytics['series'] }) {
  const last = series.at(-1);
  return (
    <AreaChart
      {...MONEY}
      label={`MRR over the period, ${last ? `${formatMoney(last.mrr)} now` : 'no points'}`}
      categories={series.map((p) => p.at)}
      categoryTick={shortDay}
      categoryLabel={formatStaffDate}
      series={[{ key: 'mrr', name: 'MRR', colour: 'var(--primary)', values: series.map((p) => p.mrr) }]}
    />
  );
}

export function RevenueByMonthChart({ months }: { months: RevenueAnalytics['revenueByMonth'] }) {
  return (
    <StackedBarChart
      {...MONEY}
      label={`Revenue by month: ${months.map((m) => `${monthLabel(m.month)} ${formatMoney(m.net)}`).join(', ')}`}
      categories={months.map((m) => m.month)}
      categoryTick={monthLabel}
      categoryLabel={monthLabel}
      legend
      series={[
        { key: 'gross', name: 'Payments', colour: 'var(--primary)', values: months.map((m) => m.gross) },
        // Money out is drawn below zero.
        {
          key: 'refunds',
          name: 'Refunds',
          colour: 'var(--destructive)',
          values: months.map((m) => -m.refunds),
        },
      ]}
    />
  );
}

const MOVEMENT_ORDER = ['new', 'expansion', 'reactivation', 'contraction', 'churn'] as const;

export function MovementsChart({ points }: { points: RevenueAnalytics['movementSeries'] }) {
  return (
    <StackedBarChart
      {...MONEY}
      label="MRR movements over the period: new, expansion and reactivation above zero, contraction and churn below"
      categories={points.map((p) => p.at)}
      categoryTick={shortDay}
      categoryLabel={formatStaffDate}
      legend
      series={MOVEMENT_ORDER.map((k) => ({
        key: k,
        name: k.charAt(0).toUpperCase() + k.slice(1),
        colour: MOVEMENT_COLOURS[k],
        values: points.map((p) => p[k]),
      }))}
    />
  );
}

export function PlanMrrChart({ plans }: { plans: RevenueAnalytics['plans'] }) {
  return (
    <StackedBarChart
      {...MONEY}
      label={`MRR per plan: ${plans.map((p) => `${p.planName} ${formatMoney(p.mrr)}`).join(', ')}`}
      categories={plans.map((p) => p.planName)}
      series={[{ key: 'mrr', name: 'MRR', colour: 'var(--primary)', values: plans.map((p) => p.mrr) }]}
    />
  );
}

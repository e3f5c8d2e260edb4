import type { ReactElement } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { RevenueAnalytics } from '@shared/contracts/revenue';
import { formatStaffDate } from '@client/lib/staff-dates';
import { formatMoney, formatMoneyTick } from '@client/lib/format';
import { monthLabel, shortDay } from './revenue-format';

/*
 * The charts read the theme's CSS variables, so they follow light and dark without knowing which is on.
 * Each has hover values (the tooltip) and a text alternative naming what it shows.
 */
const AXIS = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false } as const;
const GRID = <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />;
const TOOLTIP = {
  contentStyle: {
    background: 'var(--popover)',
    color: 'var(--popover-foreground)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
  labelStyle: { color: 'var(--popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--popover-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.6 },
} as const;
const LEGEND = { wrapperStyle: { fontSize: 12, color: 'var(--muted-foreground)' } } as const;
const dollarsOf = (value: unknown) => formatMoney(Number(value));

export const MOVEMENT_COLOURS = {
  new: 'var(--success)',
  expansion: 'var(--primary)',
  reactivation: 'color-mix(in srgb, var(--success) 50%, var(--primary))',
  contraction: 'var(--warning)',
  churn: 'var(--destructive)',
} as const;

function Frame({ label, children }: { label: string; children: ReactElement }) {
  return (
    <figure className="h-64 w-full min-w-0" data-testid="revenue-chart">
      <figcaption className="sr-only">{label}</figcaption>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

export function MrrChart({ series }: { series: RevenueAnalytics['series'] }) {
  const last = series.at(-1);
  return (
    <Frame label={`MRR over the period, ${last ? `${formatMoney(last.mrr)} now` : 'no points'}`}>
      <AreaChart data={series} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {GRID}
        <XAxis dataKey="at" tickFormatter={shortDay} {...AXIS} minTickGap={24} />
        <YAxis tickFormatter={formatMoneyTick} {...AXIS} width={64} />
        <Tooltip
          {...TOOLTIP}
          labelFormatter={(label) => formatStaffDate(String(label))}
          formatter={(value, name) => [
            name === 'mrr' ? dollarsOf(value) : String(value),
            name === 'mrr' ? 'MRR' : 'Paying customers',
          ]}
        />
        <Area
          type="monotone"
          dataKey="mrr"
          stroke="var(--primary)"
          fill="var(--primary)"
          fillOpacity={0.15}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </AreaChart>
    </Frame>
  );
}

type StackBar = { key: string; name: string; fill: string };

/** Bars stacked above and below zero (money in, money out) with a shared tooltip and legend. */
function SignedStack(props: {
  label: string;
  data: object[];
  xKey: string;
  tick: (value: string) => string;
  hoverLabel: (value: string) => string;
  bars: StackBar[];
}) {
  return (
    <Frame label={props.label}>
      <BarChart data={props.data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} stackOffset="sign">
        {GRID}
        <XAxis dataKey={props.xKey} tickFormatter={props.tick} {...AXIS} minTickGap={24} />
        <YAxis tickFormatter={formatMoneyTick} {...AXIS} width={64} />
        <Tooltip
          {...TOOLTIP}
          labelFormatter={(label) => props.hoverLabel(String(label))}
          formatter={(value, name) => [dollarsOf(value), String(name)]}
        />
        <Legend {...LEGEND} />
        <ReferenceLine y={0} stroke="var(--border)" />
        {props.bars.map((bar) => (
          <Bar
            key={bar.key}
            dataKey={bar.key}
            name={bar.name}
            stackId="s"
            fill={bar.fill}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Frame>
  );
}

export function RevenueByMonthChart({ months }: { months: RevenueAnalytics['revenueByMonth'] }) {
  return (
    <SignedStack
      label={`Revenue by month: ${months.map((m) => `${monthLabel(m.month)} ${formatMoney(m.net)}`).join(', ')}`}
      data={months.map((m) => ({ ...m, refunds: -m.refunds }))}
      xKey="month"
      tick={monthLabel}
      hoverLabel={monthLabel}
      bars={[
        { key: 'gross', name: 'Payments', fill: 'var(--primary)' },
        { key: 'refunds', name: 'Refunds', fill: 'var(--destructive)' },
      ]}
    />
  );
}

const MOVEMENT_ORDER = ['new', 'expansion', 'reactivation', 'contraction', 'churn'] as const;

export function MovementsChart({ points }: { points: RevenueAnalytics['movementSeries'] }) {
  return (
    <SignedStack
      label="MRR movements over the period: new, expansion and reactivation above zero, contraction and churn below"
      data={points}
      xKey="at"
      tick={shortDay}
      hoverLabel={formatStaffDate}
      bars={MOVEMENT_ORDER.map((k) => ({
        key: k,
        name: k.charAt(0).toUpperCase() + k.slice(1),
        fill: MOVEMENT_COLOURS[k],
      }))}
    />
  );
}

export function PlanMrrChart({ plans }: { plans: RevenueAnalytics['plans'] }) {
  return (
    <Frame label={`MRR per plan: ${plans.map((p) => `${p.planName} ${formatMoney(p.mrr)}`).join(', ')}`}>
      <BarChart data={plans} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        {GRID}
        <XAxis dataKey="planName" {...AXIS} />
        <YAxis tickFormatter={formatMoneyTick} {...AXIS} width={64} />
        <Tooltip {...TOOLTIP} formatter={(value) => [dollarsOf(value), 'MRR']} />
        <Bar dataKey="mrr" name="MRR" fill="var(--primary)" isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

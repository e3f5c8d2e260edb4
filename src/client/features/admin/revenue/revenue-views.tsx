import { lazy, Suspense, type ReactNode } from 'react';
import { LineChartIcon } from 'lucide-react';
import { REVENUE_DEFINITIONS as DEF, type RevenueAnalytics } from '@shared/contracts/revenue';
import type { StatTileProps } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@client/components/ui/table';
import { formatMoney, formatMoneyChange } from '@client/lib/format';
import { CohortTable } from './cohort-table';
import { DefinitionTip } from './definition-tip';
import { rate } from './revenue-format';

// The charts are their own chunk, loaded after the figures and tables are on screen, so a first look at the
// tab never waits for drawing code (docs/revenue.md gives the sizes).
const charts = () => import('./revenue-charts');
const MrrChart = lazy(() => charts().then((m) => ({ default: m.MrrChart })));
const RevenueByMonthChart = lazy(() => charts().then((m) => ({ default: m.RevenueByMonthChart })));
const MovementsChart = lazy(() => charts().then((m) => ({ default: m.MovementsChart })));
const PlanMrrChart = lazy(() => charts().then((m) => ({ default: m.PlanMrrChart })));

type Tile = StatTileProps & { definition: string };

function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <StatTileRow
      tiles={tiles.map(({ definition, ...tile }) => ({
        testId: `revenue-${tile.label.toLowerCase().replaceAll(' ', '-')}`,
        labelAddon: <DefinitionTip figure={tile.label} text={definition} />,
        ...tile,
      }))}
    />
  );
}

export function ChartCard({
  title,
  definition,
  children,
}: {
  title: string;
  definition: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="mb-3 flex items-center gap-1">
        <h2 className="text-base font-semibold">{title}</h2>
        <DefinitionTip figure={title} text={definition} />
      </div>
      <Suspense fallback={<Skeleton className="h-64" aria-label={`Loading ${title}`} />}>{children}</Suspense>
    </Card>
  );
}

const hasHistory = (d: RevenueAnalytics) =>
  d.mrr !== 0 || d.mrrAtStart !== 0 || d.potentialMrr !== 0 || d.revenueByMonth.some((m) => m.gross !== 0);

function NoHistory() {
  return (
    <EmptyState
      icon={LineChartIcon}
      title="No revenue history yet"
      text="Figures appear here once customers pay for a subscription."
    />
  );
}

/**
 * Why a figure has no value, in the words of its own denominator (docs/figures.md): each empty state
 * says the true reason, never a reason that belongs to another figure.
 */
const reasons = {
  ltv: (d: RevenueAnalytics) =>
    d.arpa === null
      ? 'No paying customers now'
      : d.movements.churn.count === 0
        ? 'No customer churned in the period'
        : undefined,
  customerChurn: (d: RevenueAnalytics) =>
    d.customerChurnRate === null
      ? 'No customer paid during the period'
      : `${rate(d.monthlyCustomerChurnRate)} a month · ${d.movements.churn.count} of ${d.customersBase} customers`,
  mrrChurn: (d: RevenueAnalytics, value: number | null) =>
    value === null ? 'No MRR during the period' : `of ${formatMoney(d.mrrBase)} at risk`,
  growth: (d: RevenueAnalytics) =>
    d.growthRate === null
      ? 'No MRR at the start of the period'
      : `${formatMoney(d.mrrAtStart)} → ${formatMoney(d.mrr)}`,
};

function Overview({ data: d }: { data: RevenueAnalytics }) {
  return (
    <div className="space-y-6">
      <Tiles
        tiles={[
          {
            label: 'MRR',
            value: formatMoney(d.mrr),
            hint: `${formatMoney(d.mrrAtStart)} at the start`,
            definition: DEF.mrr,
          },
          { label: 'ARR', value: formatMoney(d.arr), definition: DEF.arr },
          {
            label: 'Potential MRR',
            value: formatMoney(d.potentialMrr),
            hint: `${d.trialingSubscriptions} in trial, not counted in MRR`,
            definition: DEF.potentialMrr,
          },
          {
            label: 'Paying customers',
            value: d.payingCustomers,
            hint: `${d.payingCustomersAtStart} at the start`,
            definition: DEF.payingCustomers,
          },
          { label: 'ARPA', value: d.arpa === null ? '—' : formatMoney(d.arpa), definition: DEF.arpa },
          {
            label: 'LTV',
            value: d.ltv === null ? '—' : formatMoney(d.ltv),
            hint: reasons.ltv(d),
            definition: DEF.ltv,
          },
          {
            label: 'Customer churn',
            value: rate(d.customerChurnRate),
            hint: reasons.customerChurn(d),
            definition: DEF.customerChurnRate,
          },
          {
            label: 'MRR growth',
            value: rate(d.growthRate),
            hint: reasons.growth(d),
            definition: DEF.growthRate,
          },
        ]}
      />
      {hasHistory(d) ? (
        <div className="grid gap-4 xl:grid-cols-2">
          <ChartCard title="MRR over time" definition={DEF.mrr}>
            <MrrChart series={d.series} />
          </ChartCard>
          <ChartCard title="Revenue by month" definition={DEF.revenue}>
            <RevenueByMonthChart months={d.revenueByMonth} />
          </ChartCard>
        </div>
      ) : (
        <NoHistory />
      )}
    </div>
  );
}

function Growth({ data: d }: { data: RevenueAnalytics }) {
  const m = d.movements;
  const moved = (label: string, move: { amount: number; count: number }, definition: string): Tile => ({
    label,
    value: formatMoneyChange(move.amount),
    hint: `${move.count} subscription${move.count === 1 ? '' : 's'}`,
    definition,
  });
  return (
    <div className="space-y-6">
      <Tiles
        tiles={[
          moved('New', m.new, DEF.new),
          moved('Expansion', m.expansion, DEF.expansion),
          moved('Reactivation', m.reactivation, DEF.reactivation),
          moved('Contraction', m.contraction, DEF.contraction),
          moved('Churn', m.churn, DEF.churn),
          {
            label: 'Net new MRR',
            value: formatMoneyChange(m.net),
            hint: `${formatMoney(d.mrrAtStart)} → ${formatMoney(d.mrr)}`,
            definition: DEF.net,
          },
          {
            label: 'Gross MRR churn',
            value: rate(d.grossMrrChurnRate),
            hint: reasons.mrrChurn(d, d.grossMrrChurnRate),
            definition: DEF.grossMrrChurnRate,
          },
          {
            label: 'Net MRR churn',
            value: rate(d.netMrrChurnRate),
            hint: reasons.mrrChurn(d, d.netMrrChurnRate),
            definition: DEF.netMrrChurnRate,
          },
        ]}
      />
      {hasHistory(d) ? (
        <ChartCard title="MRR movements" definition={DEF.net}>
          <MovementsChart points={d.movementSeries} />
        </ChartCard>
      ) : (
        <NoHistory />
      )}
    </div>
  );
}

function Cohorts({ data: d }: { data: RevenueAnalytics }) {
  if (d.cohorts.length === 0) {
    return (
      <EmptyState
        icon={LineChartIcon}
        title="No cohorts yet"
        text="A cohort appears once customers first pay in one of the last 12 months."
      />
    );
  }
  return (
    <ChartCard title="Net MRR retention by first-payment month" definition={DEF.cohorts}>
      <CohortTable cohorts={d.cohorts} />
    </ChartCard>
  );
}

function Plans({ data: d }: { data: RevenueAnalytics }) {
  if (d.plans.length === 0) return <NoHistory />;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <ChartCard title="Plan mix" definition={DEF.plans}>
        <Table>
          <TableCaption className="sr-only">Paying customers, share, trials and MRR per plan</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Plan</TableHead>
              <TableHead className="text-right">Paying</TableHead>
              <TableHead className="text-right">Share</TableHead>
              <TableHead className="text-right">In trial</TableHead>
              <TableHead className="text-right">MRR</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {d.plans.map((p) => (
              <TableRow key={p.planId}>
                <TableHead scope="row" className="text-foreground">
                  {p.planName}
                </TableHead>
                <TableCell className="text-right tabular-nums">{p.payingCustomers}</TableCell>
                <TableCell className="text-right tabular-nums">{rate(p.customerShare)}</TableCell>
                <TableCell className="text-right tabular-nums">{p.trialing}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(p.mrr)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ChartCard>
      <ChartCard title="MRR per plan" definition={DEF.plans}>
        <PlanMrrChart plans={d.plans} />
      </ChartCard>
    </div>
  );
}

const VIEWS = { overview: Overview, growth: Growth, cohorts: Cohorts, plans: Plans };

/** The four sections of the tab. */
export default function RevenueViews({ view, data }: { view: keyof typeof VIEWS; data: RevenueAnalytics }) {
  const View = VIEWS[view];
  return <View data={data} />;
}

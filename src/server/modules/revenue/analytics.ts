import {
  MOVEMENT_KINDS,
  PERIOD_DAYS,
  type MovementKind,
  type RevenueAnalytics,
  type RevenuePeriod,
} from '../../../shared/contracts/revenue';
import type { Executor } from '../../db/client';
import {
  readCohorts,
  readLedgerAfter,
  readMovements,
  readRevenueByMonth,
  readStartersInPeriod,
  readSubscriptionsNow,
  type BucketRow,
  type CohortHead,
  type CohortRow,
  type PlanNow,
} from './ledger';

const DAY_S = 86_400;
/** Average days in a month (365.25 ÷ 12), for making a period's churn rate monthly. */
export const DAYS_PER_MONTH = 30.4375;
export const COHORT_MONTHS = 12;

export const dollars = (cents: number) => Math.round(cents) / 100;
/** A percentage with one decimal, or null when there is nothing to divide by. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

const monthKey = (date: Date) => date.toISOString().slice(0, 7);
const monthStart = (date: Date, monthsBack = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
const monthsFrom = (from: Date, to: Date) => {
  const out: string[] = [];
  for (
    let m = monthStart(from);
    m <= to;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  ) {
    out.push(monthKey(m));
  }
  return out;
};

/** Daily points up to 90 days, weekly for a year. */
export function bucketsOf(period: RevenuePeriod) {
  const days = PERIOD_DAYS[period];
  const stepDays = days > 90 ? 7 : 1;
  return { days, stepSeconds: stepDays * DAY_S, buckets: Math.ceil(days / stepDays) };
}

/**
 * A period's churn rate made monthly, assuming customers leave at a steady rate: the share kept over
 * the period, (1 − r), is the monthly share kept raised to the number of months in it.
 */
export function monthlyRate(periodRate: number, days: number): number {
  if (periodRate >= 1) return 1;
  return 1 - Math.pow(1 - periodRate, DAYS_PER_MONTH / days);
}

/**
 * MRR growth over a window: (MRR at its end − MRR at its start) ÷ MRR at its start, in percent; null
 * when there was no MRR at the start. The dashboard's Growth Rate is this over 30 days.
 */
export const mrrGrowthRate = (startCents: number, endCents: number) =>
  percent(endCents - startCents, startCents);

/** The dashboard's growth window: the same figure as revenue analytics' growth over `30d`. */
export const GROWTH_PERIOD = '30d' satisfies RevenuePeriod;

/**
 * MRR at the start and end of the `days` before `now`, from the ledger and MRR now (docs/revenue.md):
 * what revenue analytics computes for the period, in one statement.
 */
export async function mrrWindow(exec: Executor, mrrNowCents: number, now: Date, days: number) {
  const start = new Date(now.getTime() - days * DAY_S * 1000);
  const { afterFrom, afterTo } = await readLedgerAfter(exec, { from: start, to: now });
  return { start, startCents: mrrNowCents - afterFrom.cents, endCents: mrrNowCents - afterTo.cents };
}

export const totals = (plans: PlanNow[]) =>
  plans.reduce(
    (t, p) => ({
      active: t.active + p.activeSubscriptions,
      mrrCents: t.mrrCents + p.mrrCents,
      paying: t.paying + p.payingCustomers,
      trialing: t.trialing + p.trialing,
      potentialCents: t.potentialCents + p.potentialCents,
    }),
    { active: 0, mrrCents: 0, paying: 0, trialing: 0, potentialCents: 0 },
  );

type KindTotals = Record<MovementKind, { cents: number; count: number }>;

const sum = (rows: BucketRow[], pick: (r: BucketRow) => number) => rows.reduce((s, r) => s + pick(r), 0);

/** Every figure of one period, read in one repeatable-read snapshot so that they add up. */
export async function computeRevenue(
  exec: Executor,
  period: RevenuePeriod,
  now: Date,
): Promise<RevenueAnalytics> {
  const { days, stepSeconds, buckets } = bucketsOf(period);
  const end = now;
  const start = new Date(end.getTime() - days * DAY_S * 1000);
  const cohortFrom = monthStart(end, COHORT_MONTHS - 1);
  const { plans } = await readSubscriptionsNow(exec);
  const moves = await readMovements(exec, { start, end, stepSeconds, buckets });
  const cohorts = await readCohorts(exec, { from: cohortFrom, end });
  const revenue = await readRevenueByMonth(exec, { from: monthStart(start), end });
  const starters = await readStartersInPeriod(exec, { start, end });

  const now_ = totals(plans);
  const later = moves.filter((m) => m.bucket < 0);
  const inPeriod = moves.filter((m) => m.bucket >= 0);
  const mrrEnd = now_.mrrCents - sum(later, (r) => r.cents);
  const customersEnd = now_.paying - sum(later, (r) => r.customers);
  const mrrStart = mrrEnd - sum(inPeriod, (r) => r.cents);
  const customersStart = customersEnd - sum(inPeriod, (r) => r.customers);

  const byKind = Object.fromEntries(
    MOVEMENT_KINDS.map((k) => {
      const rows = inPeriod.filter((r) => r.kind === k);
      return [k, { cents: sum(rows, (r) => r.cents), count: sum(rows, (r) => r.count) }];
    }),
  ) as KindTotals;
  const lost = -byKind.churn.cents - byKind.contraction.cents;
  // The rates' denominators are what was at risk in the period, so a period that starts with nothing
  // (a young business, a year back) still has rates: MRR at the start plus MRR that started in it,
  // and customers paying at the start plus those who started paying in it (docs/revenue.md).
  const mrrBase = mrrStart + byKind.new.cents + byKind.reactivation.cents;
  const customersBase = customersStart + starters;
  const churnedCustomers = byKind.churn.count;
  const periodChurn = customersBase === 0 ? null : Math.min(1, churnedCustomers / customersBase);
  const monthlyChurn = periodChurn === null ? null : monthlyRate(periodChurn, days);
  const arpaCents = customersEnd === 0 ? null : mrrEnd / customersEnd;
  const { series, movementSeries } = seriesOf(inPeriod, {
    mrrStart,
    customersStart,
    start,
    end,
    stepSeconds,
    buckets,
  });

  return {
    period,
    start: start.toISOString(),
    end: end.toISOString(),
    mrr: dollars(mrrEnd),
    mrrAtStart: dollars(mrrStart),
    arr: dollars(mrrEnd * 12),
    potentialMrr: dollars(now_.potentialCents),
    trialingSubscriptions: now_.trialing,
    payingCustomers: customersEnd,
    payingCustomersAtStart: customersStart,
    movements: movementsOf(byKind, mrrEnd - mrrStart),
    growthRate: mrrGrowthRate(mrrStart, mrrEnd),
    mrrBase: dollars(mrrBase),
    customersBase,
    grossMrrChurnRate: percent(lost, mrrBase),
    netMrrChurnRate: percent(lost - byKind.expansion.cents, mrrBase),
    customerChurnRate: periodChurn === null ? null : percent(churnedCustomers, customersBase),
    monthlyCustomerChurnRate: monthlyChurn === null ? null : Math.round(monthlyChurn * 1000) / 10,
    arpa: arpaCents === null ? null : dollars(arpaCents),
    ltv:
      arpaCents === null || monthlyChurn === null || churnedCustomers === 0
        ? null
        : dollars(arpaCents / monthlyChurn),
    series,
    movementSeries,
    cohorts: cohortRowsOf(cohorts, cohortFrom, end),
    plans: planMixOf(plans, now_.paying),
    revenueByMonth: revenueByMonthOf(revenue, start, end),
  };
}

function movementsOf(byKind: KindTotals, netCents: number): RevenueAnalytics['movements'] {
  return {
    new: { amount: dollars(byKind.new.cents), count: byKind.new.count },
    expansion: { amount: dollars(byKind.expansion.cents), count: byKind.expansion.count },
    contraction: { amount: dollars(byKind.contraction.cents), count: byKind.contraction.count },
    churn: { amount: dollars(byKind.churn.cents), count: byKind.churn.count },
    reactivation: { amount: dollars(byKind.reactivation.cents), count: byKind.reactivation.count },
    net: dollars(netCents),
  };
}

/** MRR and paying customers at the end of each bucket of the period, and each bucket's movements. */
function seriesOf(
  inPeriod: BucketRow[],
  range: {
    mrrStart: number;
    customersStart: number;
    start: Date;
    end: Date;
    stepSeconds: number;
    buckets: number;
  },
): Pick<RevenueAnalytics, 'series' | 'movementSeries'> {
  const { start, end, stepSeconds, buckets } = range;
  const series: RevenueAnalytics['series'] = [];
  const movementSeries: RevenueAnalytics['movementSeries'] = [];
  let mrr = range.mrrStart;
  let customers = range.customersStart;
  for (let i = 0; i < buckets; i++) {
    const rows = inPeriod.filter((r) => r.bucket === i);
    mrr += sum(rows, (r) => r.cents);
    customers += sum(rows, (r) => r.customers);
    const at = (
      i === buckets - 1 ? end : new Date(start.getTime() + (i + 1) * stepSeconds * 1000)
    ).toISOString();
    series.push({ at, mrr: dollars(mrr), customers });
    const kindCents = (k: MovementKind) =>
      dollars(
        sum(
          rows.filter((r) => r.kind === k),
          (r) => r.cents,
        ),
      );
    movementSeries.push({
      at,
      new: kindCents('new'),
      expansion: kindCents('expansion'),
      contraction: kindCents('contraction'),
      churn: kindCents('churn'),
      reactivation: kindCents('reactivation'),
    });
  }
  return { series, movementSeries };
}

/** Each cohort's net MRR retention, month by month from its first month to `end`. */
function cohortRowsOf(
  cohorts: { heads: CohortHead[]; cells: CohortRow[] },
  cohortFrom: Date,
  end: Date,
): RevenueAnalytics['cohorts'] {
  const cohortMonths = monthsFrom(cohortFrom, end);
  const cellCents = new Map(cohorts.cells.map((c) => [`${c.cohort}|${c.month}`, c.cents]));
  return cohorts.heads
    .filter((h) => h.customers > 0)
    .sort((a, b) => a.cohort.localeCompare(b.cohort))
    .map((h) => {
      let running = 0;
      const retention = cohortMonths.slice(cohortMonths.indexOf(h.cohort)).map((m) => {
        running += cellCents.get(`${h.cohort}|${m}`) ?? 0;
        return percent(running, h.startingCents);
      });
      return { month: h.cohort, customers: h.customers, startingMrr: dollars(h.startingCents), retention };
    });
}

/** Every month from the period's first to its last, with the money taken and refunded in it. */
function revenueByMonthOf(
  revenue: { month: string; grossCents: number; refundCents: number }[],
  start: Date,
  end: Date,
): RevenueAnalytics['revenueByMonth'] {
  return monthsFrom(start, end).map((month) => {
    const row = revenue.find((r) => r.month === month);
    const gross = row?.grossCents ?? 0;
    const refunds = row?.refundCents ?? 0;
    return { month, gross: dollars(gross), refunds: dollars(refunds), net: dollars(gross - refunds) };
  });
}

/** The plans someone pays for or tries now, with their share of the paying customers. */
function planMixOf(plans: PlanNow[], paying: number): RevenueAnalytics['plans'] {
  return plans
    .filter((p) => p.payingCustomers > 0 || p.trialing > 0)
    .map((p) => ({
      planId: p.planId,
      planName: p.planName,
      payingCustomers: p.payingCustomers,
      mrr: dollars(p.mrrCents),
      customerShare: percent(p.payingCustomers, paying),
      trialing: p.trialing,
    }));
}

/** Kept answers are reused while their tables are unchanged and the window has moved less than this. */
export const KEEP_MS = 60_000;

import { z } from 'zod';

/**
 * Revenue analytics (issue 12; definitions in docs/revenue.md) and the
 * payment provider metrics of the Payments overview. Every figure comes from the MRR ledger
 * (`mrr_events`), subscriptions, payments and refunds. Money in dollars, rates as percentages with
 * one decimal; a rate whose denominator is zero is null, never NaN.
 * Calls: `GET /api/admin/revenue?period=`, `GET /api/admin/stripe-metrics`.
 */

export const REVENUE_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];
export const PERIOD_DAYS: Record<RevenuePeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
export const PERIOD_LABELS: Record<RevenuePeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

export const revenueQuery = z.object({
  period: z.enum(REVENUE_PERIODS, { error: 'Period must be one of 7d, 30d, 90d, 1y' }).default('30d'),
});

export const MOVEMENT_KINDS = ['new', 'expansion', 'contraction', 'churn', 'reactivation'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const movement = z.object({
  /** Signed dollars: new, expansion and reactivation add; contraction and churn subtract. */
  amount: z.number(),
  /** Subscriptions that moved this way in the period. */
  count: z.number(),
});

export const revenueAnalytics = z.object({
  period: z.enum(REVENUE_PERIODS),
  /** The period is (start, end]: events at the start belong to the MRR at start. */
  start: z.string(),
  end: z.string(),
  mrr: z.number(),
  mrrAtStart: z.number(),
  arr: z.number(),
  /** Monthly price of trialing subscriptions: what they would add if they all converted. */
  potentialMrr: z.number(),
  trialingSubscriptions: z.number(),
  payingCustomers: z.number(),
  payingCustomersAtStart: z.number(),
  movements: z.object({
    new: movement,
    expansion: movement,
    contraction: movement,
    churn: movement,
    reactivation: movement,
    /** The sum of the five: mrr − mrrAtStart, to the cent. */
    net: z.number(),
  }),
  /** (MRR at the end − MRR at the start) ÷ MRR at the start, in percent; null when the start had none. */
  growthRate: z.number().nullable(),
  /** The MRR rates' denominator: MRR at the start plus new and reactivated MRR of the period. */
  mrrBase: z.number(),
  /** The customer churn rate's denominator: customers paying at the start plus those who started paying in the period. */
  customersBase: z.number(),
  grossMrrChurnRate: z.number().nullable(),
  netMrrChurnRate: z.number().nullable(),
  /** Customers who stopped paying in the period ÷ customersBase, in percent. */
  customerChurnRate: z.number().nullable(),
  /** The period's customer churn rate made monthly (see docs/revenue.md), in percent. */
  monthlyCustomerChurnRate: z.number().nullable(),
  /** Average revenue per paying account: MRR ÷ paying customers. */
  arpa: z.number().nullable(),
  /** ARPA ÷ monthly customer churn rate; null when no customer churned. */
  ltv: z.number().nullable(),
  /** MRR and paying customers at the end of each day (7d, 30d, 90d) or week (1y). */
  series: z.array(z.object({ at: z.string(), mrr: z.number(), customers: z.number() })),
  /** The movements per bucket of the series, for the growth chart. */
  movementSeries: z.array(
    z.object({
      at: z.string(),
      new: z.number(),
      expansion: z.number(),
      contraction: z.number(),
      churn: z.number(),
      reactivation: z.number(),
    }),
  ),
  /** Net MRR retention by first-payment month, for the last 12 months. */
  cohorts: z.array(
    z.object({
      /** YYYY-MM: the month of the customers' first 'new' event. */
      month: z.string(),
      customers: z.number(),
      startingMrr: z.number(),
      /** Percent of the starting MRR paid at the end of month 0, 1, 2… up to now (the last one so far). */
      retention: z.array(z.number().nullable()),
    }),
  ),
  plans: z.array(
    z.object({
      planId: z.string(),
      planName: z.string(),
      payingCustomers: z.number(),
      mrr: z.number(),
      /** Share of paying customers, in percent. */
      customerShare: z.number().nullable(),
      trialing: z.number(),
    }),
  ),
  /** Revenue by calendar month (UTC) over the period: payments taken, less refunds made that month. */
  revenueByMonth: z.array(
    z.object({ month: z.string(), gross: z.number(), refunds: z.number(), net: z.number() }),
  ),
});
export type RevenueAnalytics = z.infer<typeof revenueAnalytics>;

export const stripeMetrics = z.object({
  mrr: z.number(),
  arr: z.number(),
  activeSubscriptions: z.number(),
  trialingSubscriptions: z.number(),
  potentialMrr: z.number(),
});
export type StripeMetrics = z.infer<typeof stripeMetrics>;

/** The definitions shown beside each figure (docs/revenue.md says the same). */
export const REVENUE_DEFINITIONS = {
  mrr: 'Monthly recurring revenue: the monthly price of every active or past-due subscription, after discounts. Trials are not counted.',
  arr: 'Annual run rate: MRR × 12.',
  potentialMrr:
    'The monthly price of every subscription still in its trial: MRR they would add if they all converted.',
  payingCustomers: 'Customers with a subscription that is active or past due.',
  new: 'MRR from customers who paid for the first time in the period.',
  expansion: 'MRR added by paying customers moving to a dearer plan.',
  contraction: 'MRR lost by paying customers moving to a cheaper plan.',
  churn: 'MRR lost by customers who stopped paying (cancelled, or their trial or renewal ended unpaid).',
  reactivation: 'MRR from customers who had paid before, stopped, and pay again.',
  net: 'New + expansion + reactivation − contraction − churn: MRR at the end minus MRR at the start.',
  growthRate:
    'MRR growth: (MRR at the end − MRR at the start) ÷ MRR at the start of the period. The dashboard’s Growth Rate is this over the last 30 days.',
  grossMrrChurnRate:
    '(Churn + contraction) ÷ the MRR at risk in the period: MRR at its start plus new and reactivated MRR.',
  netMrrChurnRate:
    '(Churn + contraction − expansion) ÷ the MRR at risk in the period (MRR at its start plus new and reactivated MRR). Negative means upgrades outweigh losses.',
  customerChurnRate:
    'Customers who stopped paying in the period ÷ customers who paid at some time in it (paying at its start, or starting to pay during it).',
  arpa: 'Average revenue per account: MRR ÷ paying customers.',
  ltv: 'Lifetime value: ARPA ÷ monthly customer churn rate (the period’s customer churn rate made monthly). No figure when no customer churned in the period.',
  cohorts:
    'Customers grouped by the month they first paid. Each cell: their MRR at the end of that month as a percentage of the MRR they started with (net MRR retention).',
  plans: 'Paying customers and MRR per plan, now.',
  revenue:
    'Payments taken in each month, less refunds made in that month (a refund counts in the month it happens).',
} as const;

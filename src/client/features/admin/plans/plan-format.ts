import type { Plan, PlanStats } from '@shared/contracts/plans';

/** A limit of null (or 0) means unlimited. */
export function formatLimit(limit: number | null): string {
  return limit === null || limit === 0 ? 'Unlimited' : limit.toLocaleString('en-US');
}

export type PlanFigures = PlanStats['plans'][string];

const NO_FIGURES: PlanFigures = {
  customerCount: 0,
  activeCustomers: 0,
  payingCustomers: 0,
  monthlyRevenue: 0,
};

export function figuresOf(stats: PlanStats | undefined, planId: string): PlanFigures {
  return stats?.plans[planId] ?? NO_FIGURES;
}

/** Share of all customers on this plan, one decimal; 0% when there are no customers at all. */
export function marketShare(stats: PlanStats | undefined, planId: string): string {
  const total = stats?.totalCustomers ?? 0;
  const share = total > 0 ? (figuresOf(stats, planId).customerCount / total) * 100 : 0;
  return `${share.toFixed(1)}%`;
}

export type PlanSummary = {
  monthlyRevenue: number;
  totalCustomers: number;
  activePlans: number;
  totalPlans: number;
  averagePrice: number;
};

/**
 * The four summary figures: MRR (the server's total, the dashboard's Monthly Revenue: never a sum of
 * the plans on screen, which would leave out a deleted plan's subscribers), customers, active plans,
 * average price.
 */
export function summarize(plans: Plan[], stats: PlanStats | undefined): PlanSummary {
  const active = plans.filter((p) => p.active);
  const monthlyRevenue = stats?.monthlyRevenue ?? 0;
  const averagePrice =
    active.length > 0 ? Math.round(active.reduce((sum, p) => sum + p.price, 0) / active.length) : 0;
  return {
    monthlyRevenue,
    totalCustomers: stats?.totalCustomers ?? 0,
    activePlans: active.length,
    totalPlans: plans.length,
    averagePrice,
  };
}

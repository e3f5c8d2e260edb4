import { describe, expect, it } from 'vitest';
// vitest has no path aliases: the shared contract by its path.
import { DEFAULT_PLAN_FEATURES, type Plan, type PlanStats } from '../../../../shared/contracts/plans';
import { narrowPlans } from './narrow-plans';

const plan = (id: string, name: string, price: number, active = true): Plan => ({
  id,
  name,
  description: '',
  price,
  interval: 'month',
  vehicleLimit: null,
  carLimit: null,
  userLimit: null,
  active,
  features: DEFAULT_PLAN_FEATURES,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const plans = [
  plan('starter', 'Starter', 49),
  plan('professional', 'Professional', 99),
  plan('enterprise', 'Enterprise', 199),
  plan('legacy', 'Legacy Starter', 49, false),
];
const stats: PlanStats = {
  totalCustomers: 6,
  monthlyRevenue: 544,
  payingCustomers: 6,
  plans: {
    starter: { customerCount: 1, activeCustomers: 1, payingCustomers: 1, monthlyRevenue: 49 },
    professional: { customerCount: 5, activeCustomers: 5, payingCustomers: 5, monthlyRevenue: 495 },
  },
};
const ids = (result: { items: Plan[] }) => result.items.map((p) => p.id);
const base = { page: 1, pageSize: 24, sort: 'price' } as const;

describe('narrowPlans', () => {
  it('keeps the server order by default: cheapest first, then by id', () => {
    expect(ids(narrowPlans(plans, base, stats))).toEqual(['legacy', 'starter', 'professional', 'enterprise']);
  });

  it('searches names and ids, and filters by status', () => {
    expect(ids(narrowPlans(plans, { ...base, search: 'starter' }, stats))).toEqual(['legacy', 'starter']);
    expect(ids(narrowPlans(plans, { ...base, search: 'starter', status: 'active' }, stats))).toEqual([
      'starter',
    ]);
    expect(narrowPlans(plans, { ...base, status: 'inactive' }, stats).total).toBe(1);
  });

  it('sorts by the figures, largest first when descending', () => {
    expect(ids(narrowPlans(plans, { ...base, sort: '-customers' }, stats))).toEqual([
      'professional',
      'starter',
      'enterprise',
      'legacy',
    ]);
    expect(ids(narrowPlans(plans, { ...base, sort: 'name' }, stats))[0]).toBe('enterprise');
  });

  it('answers one page and the number that matched', () => {
    const second = narrowPlans(plans, { ...base, page: 2, pageSize: 3 }, stats);
    expect(ids(second)).toEqual(['enterprise']);
    expect(second.total).toBe(4);
  });
});

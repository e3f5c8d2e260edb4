import type { Plan, PlanStats } from '@shared/contracts/plans';
import { figuresOf } from './plan-format';

/*
 * GET /api/plans is not paged: staff get every plan at once. The manager's list state (search, status,
 * sort, page; in the address) is applied here, to that whole answer, as a paged server would apply it.
 */

export const PLAN_SORTS = [
  'price',
  '-price',
  'name',
  '-name',
  'customers',
  '-customers',
  'revenue',
  '-revenue',
] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];
/** The server's own order: cheapest first, then by id. */
export const DEFAULT_PLAN_SORT: PlanSort = 'price';
export const PLAN_STATUSES = ['active', 'inactive'] as const;
export const PLAN_PAGE_SIZE = 24;

export type PlanListQuery = {
  page: number;
  pageSize: number;
  sort: PlanSort;
  search?: string;
  status?: string;
};

type Field = 'price' | 'name' | 'customers' | 'revenue';

function compare(field: Field, a: Plan, b: Plan, stats: PlanStats | undefined): number {
  switch (field) {
    case 'price':
      return a.price - b.price;
    case 'name':
      return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
    case 'customers':
      return figuresOf(stats, a.id).customerCount - figuresOf(stats, b.id).customerCount;
    case 'revenue':
      return figuresOf(stats, a.id).monthlyRevenue - figuresOf(stats, b.id).monthlyRevenue;
  }
}

/** One page of the plans that match, in the chosen order (ties by id), with how many matched. */
export function narrowPlans(
  plans: Plan[],
  query: PlanListQuery,
  stats: PlanStats | undefined,
): { items: Plan[]; total: number } {
  const search = query.search?.toLowerCase();
  const matching = plans.filter(
    (plan) =>
      (!search || plan.name.toLowerCase().includes(search) || plan.id.includes(search)) &&
      (!query.status || plan.active === (query.status === 'active')),
  );
  const descending = query.sort.startsWith('-');
  const field = (descending ? query.sort.slice(1) : query.sort) as Field;
  matching.sort(
    (a, b) => (descending ? -1 : 1) * compare(field, a, b, stats) || a.id.localeCompare(b.id, 'en'),
  );
  const start = (query.page - 1) * query.pageSize;
  return { items: matching.slice(start, start + query.pageSize), total: matching.length };
}

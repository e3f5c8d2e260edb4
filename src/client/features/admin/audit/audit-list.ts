import { AUDIT_CATEGORIES } from '@shared/audit-categories';
import { AUDIT_ACTOR_TYPES, AUDIT_RESOURCES, AUDIT_SORTS } from '@shared/contracts/audit';
import { isDay } from '@client/components/list/date-range-filter';
import type { ListFilterSpec } from '@client/components/list/list-section';
import { ACTOR_OPTIONS, CATEGORY_OPTIONS, OUTCOME_OPTIONS, RESOURCE_OPTIONS } from './audit-format';

const isEmailish = (value: string) => value.length <= 254 && value.includes('@');

/** The audit list's sorts, the filters its address may hold, and its page size. */
export const AUDIT_LIST = {
  sorts: AUDIT_SORTS,
  defaultSort: '-createdAt',
  filters: {
    category: AUDIT_CATEGORIES,
    resource: AUDIT_RESOURCES,
    actorType: AUDIT_ACTOR_TYPES,
    actor: isEmailish,
    success: ['true', 'false'],
    from: isDay,
    to: isDay,
  },
  pageSize: 25,
} as const;

/** The toolbar's filters among fixed values (the actor and the dates have their own controls). */
export const AUDIT_FILTERS: readonly ListFilterSpec<'category' | 'resource' | 'actorType' | 'success'>[] = [
  {
    name: 'category',
    label: 'Filter by action',
    allLabel: 'All actions',
    options: CATEGORY_OPTIONS,
    className: 'sm:w-36',
  },
  {
    name: 'resource',
    label: 'Filter by resource',
    allLabel: 'All resources',
    options: RESOURCE_OPTIONS,
    className: 'sm:w-40',
  },
  {
    name: 'actorType',
    label: 'Filter by actor',
    allLabel: 'All actors',
    options: ACTOR_OPTIONS,
    className: 'sm:w-36',
  },
  {
    name: 'success',
    label: 'Filter by outcome',
    allLabel: 'All outcomes',
    options: OUTCOME_OPTIONS,
    className: 'sm:w-36',
  },
];

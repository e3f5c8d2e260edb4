import type { CustomerSort } from '@shared/contracts/staff-customers';
import { statusFilter, type ListFilterSpec } from '@client/components/list/list-section';
import { RISK_OPTIONS, STATUS_OPTIONS } from './customer-format';

/** Cards per page: a screenful on a desktop, short enough to scroll on a phone. */
export const CUSTOMER_PAGE_SIZE = 10;

/** Newest first: the customers staff most often look for are the ones who just joined. */
export const DEFAULT_CUSTOMER_SORT: CustomerSort = '-createdAt';

/** The cards have no column headers, so the order is a choice of its own. */
export const SORT_OPTIONS: { value: CustomerSort; label: string }[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'companyName', label: 'Company A–Z' },
  { value: '-companyName', label: 'Company Z–A' },
  { value: 'healthScore', label: 'Lowest health first' },
  { value: '-healthScore', label: 'Highest health first' },
];

/** The customers' filters: their status and their risk level. */
export const CUSTOMER_FILTERS: readonly ListFilterSpec<'status' | 'risk'>[] = [
  statusFilter(STATUS_OPTIONS, 'sm:w-40'),
  {
    name: 'risk',
    label: 'Filter by risk',
    allLabel: 'All risk levels',
    options: RISK_OPTIONS,
    className: 'sm:w-40',
  },
];

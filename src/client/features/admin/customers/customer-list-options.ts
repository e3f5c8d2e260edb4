import type { CustomerSort } from '@shared/contracts/staff-customers';

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

import { useQuery } from '@tanstack/react-query';
import { ShieldAlertIcon } from 'lucide-react';
import { CUSTOMER_SORTS, customerListQuery, RISK_LEVELS } from '@shared/contracts/staff-customers';
import { CUSTOMER_STATUSES } from '@shared/statuses';
import { ACCESS_DENIED_MESSAGE } from '@shared/roles';
import { AddButton } from '@client/components/list/add-button';
import { useListState } from '@client/components/list/use-list-state';
import { EmptyState } from '@client/components/ui/empty-state';
import { customersQuery, customerStatsQuery, type CustomerListSource } from './api';
import { useCustomerActions } from './customer-actions';
import { CUSTOMER_PAGE_SIZE, DEFAULT_CUSTOMER_SORT } from './customer-list-options';
import { useCustomerAccess } from './use-customer-access';

/**
 * What both customer lists (the customers screen and the fleet center's Customer Fleet) are made of:
 * the list state in the address, the page and the stats from the server (not asked for by staff who
 * may not see customers, so they trigger no 403), the actions with their dialogs, the Add button for
 * staff who may edit, and the refusal to show instead of the list.
 */
export function useCustomerDirectory({
  source,
  scope,
  withFilters = false,
}: {
  source: CustomerListSource;
  /** Prefix of the list's address parameters, when the screen has parameters of its own. */
  scope?: string;
  /** Status and risk filters in the address. */
  withFilters?: boolean;
}) {
  const access = useCustomerAccess();
  const state = useListState({
    sorts: CUSTOMER_SORTS,
    defaultSort: DEFAULT_CUSTOMER_SORT,
    filters: withFilters ? { status: CUSTOMER_STATUSES, risk: RISK_LEVELS } : undefined,
    pageSize: CUSTOMER_PAGE_SIZE,
    scope,
  });
  const query = customerListQuery.parse(state.query);
  const list = useQuery({ ...customersQuery(query, source), enabled: access.canView });
  const stats = useQuery({ ...customerStatsQuery, enabled: access.canView });
  const { actions, dialogs } = useCustomerActions();
  const denied =
    !access.isLoading && !access.canView ? (
      <EmptyState
        icon={ShieldAlertIcon}
        title="Access Denied"
        text={`${ACCESS_DENIED_MESSAGE}. Your role: ${access.role ?? 'none'}.`}
      />
    ) : null;
  const addButton = access.canEdit ? <AddButton onClick={actions.add}>Add Customer</AddButton> : null;
  return { access, state, query, list, stats, actions, dialogs, denied, addButton };
}

import { ActivityIcon, AlertTriangleIcon, Building2Icon, UserCheckIcon, UsersIcon } from 'lucide-react';
import { ScreenHeader } from '@client/components/screen-header';
import { type CustomerStats } from '@shared/contracts/staff-customers';
import { FilterSelect } from '@client/components/list/filter-select';
import { ListSection } from '@client/components/list/list-section';
import { customerExportUrl } from './api';
import { CustomerCard } from './customer-card';
import { countOf } from './customer-format';
import { CUSTOMER_FILTERS, DEFAULT_CUSTOMER_SORT, SORT_OPTIONS } from './customer-list-options';
import { CustomerFigures, type CustomerFigure } from './customer-figures';
import { useCustomerDirectory } from './use-customer-directory';
import { ExportLink } from '@client/components/export-link';
import { HeadedSection } from '@client/components/section-heading';

/**
 * The customers tab, 'Customer Management' (docs/staff-customers-screen.md): the four stats over every customer, then the
 * customers as horizontal cards, searched, filtered, sorted and paged on the server with the state in
 * the address. Export downloads every customer the filters match. No debug banner.
 */
export default function CustomersScreen() {
  const { access, state, query, list, stats, actions, dialogs, denied, addButton } = useCustomerDirectory({
    source: 'customers',
    withFilters: true,
  });
  if (denied) return denied;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <ScreenHeader
          title="Customer Management"
          description="Customer accounts, their plans and usage, and how healthy each account is."
        />
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <ExportLink href={customerExportUrl(query)} />
          {addButton}
        </div>
      </div>

      <CustomerFigures stats={stats} name="customer figures" figuresOf={customerFigures} />

      <HeadedSection id="customers-list-heading" title="Customers" hiddenTitle className="space-y-4">
        <ListSection
          state={state}
          query={list}
          noun="customers"
          toolbar={{
            className: 'flex-wrap',
            search: {
              label: 'Search customers',
              placeholder: 'Search company, name or email',
              // Three filters beside it would squeeze it: a line of its own until the screen is wide.
              className: 'sm:flex-[1_1_100%] sm:max-w-none xl:flex-1 xl:max-w-sm',
            },
            filters: CUSTOMER_FILTERS,
            children: (
              <FilterSelect
                value={state.sort}
                onChange={(sort) => state.setSort(sort || DEFAULT_CUSTOMER_SORT)}
                label="Sort customers"
                options={SORT_OPTIONS}
                className="sm:w-48"
              />
            ),
          }}
          empty={{
            icon: Building2Icon,
            text: 'Customers appear here when they sign up on the pricing page or when staff add them.',
            action: addButton,
          }}
          cards={{
            label: 'Customers',
            card: (c) => <CustomerCard customer={c} access={access} actions={actions} />,
          }}
          pager={{ label: 'Customer pages', noun: ['customer', 'customers'] }}
        />
      </HeadedSection>

      {dialogs}
    </div>
  );
}

function customerFigures(stats: CustomerStats): CustomerFigure[] {
  return [
    { label: 'Total', value: countOf(stats.total), hint: 'customer accounts, any status', icon: UsersIcon },
    { label: 'Active', value: countOf(stats.active), hint: 'with status active', icon: UserCheckIcon },
    {
      label: 'At Risk',
      value: countOf(stats.atRisk),
      hint: 'high or critical risk level',
      icon: AlertTriangleIcon,
    },
    {
      label: 'Avg Health Score',
      value: stats.avgHealthScore === null ? '—' : String(stats.avgHealthScore),
      hint: 'out of 100, over every customer',
      icon: ActivityIcon,
    },
  ];
}

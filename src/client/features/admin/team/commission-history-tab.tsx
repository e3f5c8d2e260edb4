import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCheckIcon, ReceiptIcon } from 'lucide-react';
import { commissionListQuery, type Commission } from '@shared/contracts/commissions';
import { COMMISSION_STATUSES } from '@shared/statuses';
import { ListSection, statusFilter } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { Button } from '@client/components/ui/button';
import { salesUsersQuery } from '@client/lib/sales-users';
import { commissionsQuery } from './api';
import { commissionTable } from './commission-table';
import { CommissionTotalsRow } from './commission-totals';
import { MarkPaidConfirm } from './mark-paid-confirm';
import { COMMISSION_STATUS_LABELS, recentMonths } from './team-format';
import type { TeamAccess } from './use-team-access';

const STATUS_OPTIONS = COMMISSION_STATUSES.map((s) => ({
  value: s,
  label: COMMISSION_STATUS_LABELS[s] ?? s,
}));
const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
const isId = (value: string) => value.length > 0 && value.length <= 100;

/**
 * The Commission History tab (docs/commissions.md): commissions earned on payments and adjusted on refunds,
 * filtered by sales user, status and month and paged on the server (`history.` parameters), with the
 * totals over every matching row. Staff who manage users mark pending ones paid, one or a page's choice.
 */
export function CommissionHistoryTab({ access }: { access: TeamAccess }) {
  const state = useListState({
    sorts: ['newest'],
    defaultSort: 'newest',
    filters: { salesUserId: isId, status: COMMISSION_STATUSES, month: isMonth },
    pageSize: 20,
    scope: 'history',
  });
  const query = commissionListQuery.parse(state.query);
  const list = useQuery(commissionsQuery(query));
  const salesUsers = useQuery(salesUsersQuery);

  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<readonly Commission[]>([]);
  // A choice belongs to the rows on screen: another page or filter starts a new one.
  const pageKey = JSON.stringify(query);
  const [chosenFor, setChosenFor] = useState(pageKey);
  if (chosenFor !== pageKey) {
    setChosenFor(pageKey);
    setChosen(new Set());
  }
  const items = useMemo(
    () => (list.isPlaceholderData ? [] : (list.data?.items ?? [])),
    [list.data, list.isPlaceholderData],
  );
  const chosenRows = items.filter((c) => c.status === 'pending' && chosen.has(c.id));

  const monthOptions = useMemo(() => {
    const months = recentMonths(new Date());
    const current = state.filters.month;
    return current && !months.some((m) => m.value === current)
      ? [...months, { value: current, label: current }]
      : months;
  }, [state.filters.month]);
  const userOptions = (salesUsers.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (state.filters.salesUserId && !userOptions.some((o) => o.value === state.filters.salesUserId)) {
    userOptions.push({ value: state.filters.salesUserId, label: 'A former sales user' });
  }

  return (
    <section aria-labelledby="commission-history-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="commission-history-heading" className="text-lg font-semibold">
          Commission history
        </h2>
        <p className="text-sm text-muted-foreground">
          Earned on each successful payment of a customer assigned to a sales user, at the rate of the
          customer&rsquo;s plan; a refund records a negative adjustment.
        </p>
      </div>
      <ListSection
        state={state}
        query={list}
        noun="commissions"
        toolbar={{
          className: 'flex-wrap',
          filters: [
            {
              name: 'salesUserId',
              label: 'Filter by sales user',
              allLabel: 'All sales users',
              options: userOptions,
              className: 'sm:w-48',
            },
            statusFilter(STATUS_OPTIONS, 'sm:w-36'),
            {
              name: 'month',
              label: 'Filter by month',
              allLabel: 'All months',
              options: monthOptions,
              className: 'sm:w-44',
            },
          ],
          clear: true,
        }}
        aboveList={
          <>
            <CommissionTotalsRow
              totals={list.data?.totals}
              isFiltered={state.isFiltered}
              busy={list.isFetching}
            />
            {access.canManage && chosenRows.length > 0 ? (
              <div
                className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
                role="region"
                aria-label="Chosen commissions"
              >
                <span className="mr-auto">
                  {chosenRows.length} pending {chosenRows.length === 1 ? 'commission' : 'commissions'} chosen
                  on this page
                </span>
                <Button variant="ghost" size="sm" onClick={() => setChosen(new Set())}>
                  Clear
                </Button>
                <Button size="sm" onClick={() => setConfirming(chosenRows)}>
                  <CheckCheckIcon aria-hidden="true" />
                  Mark {chosenRows.length} paid
                </Button>
              </div>
            ) : null}
          </>
        }
        empty={{
          icon: ReceiptIcon,
          title: 'No commissions yet',
          text: 'A commission is recorded when a customer assigned to a sales user with a rate for their plan pays.',
        }}
        {...commissionTable({
          items: list.data?.items ?? [],
          canManage: access.canManage,
          chosen,
          onChoose: setChosen,
          onMarkPaid: (c) => setConfirming([c]),
        })}
        pager={{ label: 'Commission pages', noun: ['commission', 'commissions'] }}
      />

      <MarkPaidConfirm
        commissions={confirming}
        onClose={() => setConfirming([])}
        onDone={() => {
          setConfirming([]);
          setChosen(new Set());
        }}
      />
    </section>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import { commissionListQuery, type Commission } from '@shared/contracts/commissions';
import { ListSection } from '@client/components/list/list-section';
import { useListState } from '@client/components/list/use-list-state';
import { commissionsQuery } from './api';
import { ChosenCommissionsBar } from './chosen-commissions-bar';
import { COMMISSION_HISTORY_FILTERS, useCommissionHistoryFilters } from './commission-history-filters';
import { commissionTable } from './commission-table';
import { CommissionTotalsRow } from './commission-totals';
import { MarkPaidConfirm } from './mark-paid-confirm';
import { useChosenCommissions } from './use-chosen-commissions';
import type { TeamAccess } from './use-team-access';
import { HeadedSection } from '@client/components/section-heading';

/**
 * The Commission History tab (docs/commissions.md): commissions earned on payments and adjusted on refunds,
 * filtered by sales user, status and month and paged on the server (`history.` parameters), with the
 * totals over every matching row. Staff who manage users mark pending ones paid, one or a page's choice.
 */
export function CommissionHistoryTab({ access }: { access: TeamAccess }) {
  const state = useListState({
    sorts: ['newest'],
    defaultSort: 'newest',
    filters: COMMISSION_HISTORY_FILTERS,
    pageSize: 20,
    scope: 'history',
  });
  const query = commissionListQuery.parse(state.query);
  const list = useQuery(commissionsQuery(query));

  // A choice belongs to the rows on screen: another page or filter starts a new one.
  const { chosen, setChosen, chosenRows } = useChosenCommissions(JSON.stringify(query), list);
  const [confirming, setConfirming] = useState<readonly Commission[]>([]);
  const filters = useCommissionHistoryFilters(state.filters);

  return (
    <HeadedSection
      id="commission-history-heading"
      title="Commission history"
      description="Earned on each successful payment of a customer assigned to a sales user, at the rate of the customer’s plan; a refund records a negative adjustment."
      className="space-y-4"
    >
      <ListSection
        state={state}
        query={list}
        noun="commissions"
        toolbar={{
          className: 'flex-wrap',
          filters,
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
              <ChosenCommissionsBar
                chosenRows={chosenRows}
                onClear={() => setChosen(new Set())}
                onMarkPaid={() => setConfirming(chosenRows)}
              />
            ) : null}
          </>
        }
        empty={{
          icon: ReceiptIcon,
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
    </HeadedSection>
  );
}

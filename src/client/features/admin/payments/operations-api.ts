import { queryOptions } from '@tanstack/react-query';
import {
  disputePage,
  expenseDeleted,
  expensePage,
  expenseSaved,
  hostingUsage,
  paymentAnalytics,
  reconciliationPage,
  type DisputeListQuery,
  type ExpenseInput,
  type ExpenseListQuery,
  type ReconciliationQuery,
} from '@shared/contracts/payment-operations';
import { apiJson, getJson, searchParams, apiMutation, pagedQuery, endpointQuery } from '@client/lib/calls';

/*
 * The calls of the operations sub-tabs (Expenses, Disputes, Analytics, Reconciliation;
 * docs/payment-operations.md).
 */

export const expensesKey = ['/api/admin/expenses'] as const;
export const paymentAnalyticsKey = ['/api/admin/payment-analytics'] as const;

/** One page of the expenses ledger, newest first (10 rows). */
export const expensesQuery = (query: ExpenseListQuery) => pagedQuery(expensesKey, expensePage, query);

/** What the instances measured and the database's size now. */
export const hostingUsageQuery = endpointQuery(['/api/admin/hosting-usage'], hostingUsage);

/** `POST /api/admin/expenses`: the ledger and the usage's ledger figures move. */
export const useAddExpense = apiMutation((input: ExpenseInput) =>
  apiJson('POST', expensesKey[0], expenseSaved, input),
);

const expenseUrl = (id: string) => `${expensesKey[0]}/${encodeURIComponent(id)}`;

/** `PUT /api/admin/expenses/:id`: a correction; the ledger and every total with it move. */
export const useUpdateExpense = apiMutation(({ id, ...input }: ExpenseInput & { id: string }) =>
  apiJson('PUT', expenseUrl(id), expenseSaved, input),
);

/** `DELETE /api/admin/expenses/:id`. */
export const useDeleteExpense = apiMutation((id: string) =>
  apiJson('DELETE', expenseUrl(id), expenseDeleted),
);

export const disputesQuery = (query: DisputeListQuery) =>
  pagedQuery(['/api/admin/disputes'], disputePage, query);

export const paymentAnalyticsQuery = (months: number) =>
  queryOptions({
    queryKey: [...paymentAnalyticsKey, { months }],
    queryFn: (context) =>
      getJson(`${paymentAnalyticsKey[0]}?${searchParams({ months })}`, paymentAnalytics, context),
  });

export const reconciliationQuery = (query: ReconciliationQuery) =>
  pagedQuery(['/api/admin/reconciliation'], reconciliationPage, query);

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UseQueryResult } from '@tanstack/react-query';
import { ReceiptIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { ListBody, type ListPage } from '@client/components/list/list-body';
import { TRANSACTION_HISTORY_ERROR } from './transaction-status';

const failed = {
  isPending: false,
  isError: true,
  isFetching: false,
  error: new Error('Network down'),
  refetch: () => Promise.resolve(),
} as unknown as UseQueryResult<ListPage<unknown>>;

const body = (errorTitle?: string) =>
  renderToStaticMarkup(
    createElement(ListBody<unknown, ListPage<unknown>>, {
      query: failed,
      noun: 'transactions',
      empty: { icon: ReceiptIcon, title: 'No transactions yet', text: '' },
      errorTitle,
      children: () => null,
    }),
  );

describe('the transaction history that fails to load', () => {
  it("says 'Unable to load transaction history.' (View All Transactions, Recent Transactions)", () => {
    expect(TRANSACTION_HISTORY_ERROR).toBe('Unable to load transaction history.');
    const html = body(TRANSACTION_HISTORY_ERROR);
    expect(html).toContain('Unable to load transaction history.');
    expect(html).not.toContain('Transactions could not be loaded');
  });

  it('other lists keep the kit’s own title', () => {
    expect(body()).toContain('Transactions could not be loaded');
  });
});

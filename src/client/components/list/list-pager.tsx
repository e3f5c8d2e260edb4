import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { OptionSelect } from '@client/components/form/option-select';
import { Button } from '@client/components/ui/button';
import type { ListState } from './use-list-state';

const formatCount = (n: number) => n.toLocaleString();

/**
 * Previous / next under a server-paged list, with the range shown and announced as it changes, and a
 * page-size choice when the list offers one.
 */
export function ListPager({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPage,
  busy,
  label,
  noun,
  pageSizes,
  onPageSize,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The count stopped at `total` (a search's, server/db/bounded-count.ts): "of 275+", and more pages. */
  totalCapped?: boolean;
  onPage: (page: number) => void;
  busy?: boolean;
  /** The navigation's accessible name, e.g. "Vehicle pages". */
  label: string;
  /** Plural noun after the range ("1–20 of 45 drivers"), if any. */
  noun?: string;
  pageSizes?: readonly number[];
  onPageSize?: (pageSize: number) => void;
  testId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const more = totalCapped ? '+' : '';
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm tabular-nums text-muted-foreground" aria-live="polite" data-testid={testId}>
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
        {more}
        {noun ? ` ${noun}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSizes && onPageSize ? (
          <OptionSelect
            value={String(pageSize)}
            onChange={(v) => onPageSize(Number(v))}
            options={pageSizes.map((size) => ({ value: String(size), label: `${size} / page` }))}
            trigger={{ 'aria-label': 'Rows per page', className: 'h-8 w-28' }}
          />
        ) : null}
        {pages > 1 ? (
          <>
            <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <span className="text-sm tabular-nums text-muted-foreground">
              Page {page} of {pages}
              {more}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onPage(page + 1)}
              disabled={busy || (page >= pages && !totalCapped)}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * The pager under a list that `useListState` drives, shown once its answer has rows; busy (default)
 * while the next page loads.
 */
export function ListStatePager({
  state,
  query,
  busy = query.isFetching,
  noun,
  label,
  testId,
}: {
  state: Pick<ListState<string, string>, 'page' | 'pageSize' | 'setPage'>;
  query: { data?: { total: number; totalCapped?: boolean }; isFetching: boolean };
  busy?: boolean;
  /** After the range: one noun for any count, or the noun for one row and for more. */
  noun?: string | readonly [one: string, more: string];
  label: string;
  testId?: string;
}) {
  const total = query.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <ListPager
      page={state.page}
      pageSize={state.pageSize}
      total={total}
      totalCapped={query.data?.totalCapped}
      onPage={state.setPage}
      busy={busy}
      label={label}
      noun={typeof noun === 'string' || noun === undefined ? noun : noun[total === 1 ? 0 : 1]}
      testId={testId}
    />
  );
}

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';

const formatCount = (n: number) => n.toLocaleString();

/**
 * Previous / next under a server-paged list, with the range shown and announced as it changes, and a
 * page-size choice when the list offers one.
 */
export function ListPager({
  page,
  pageSize,
  total,
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
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm tabular-nums text-muted-foreground" aria-live="polite" data-testid={testId}>
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
        {noun ? ` ${noun}` : ''}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSizes && onPageSize ? (
          <Select value={String(pageSize)} onValueChange={(v) => onPageSize(Number(v))}>
            <SelectTrigger aria-label="Rows per page" className="h-8 w-28">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {pageSizes.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size} / page
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        {pages > 1 ? (
          <>
            <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <span className="text-sm tabular-nums text-muted-foreground">
              Page {page} of {pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onPage(page + 1)}
              disabled={busy || page >= pages}
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

import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** Previous / next under a server-paged fleet list, with the range shown and announced as it changes. */
export function ListPager({
  page,
  pageSize,
  total,
  onPage,
  busy,
  label,
  noun,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
  label: string;
  /** Plural noun of the rows, e.g. "drivers". */
  noun: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {first}–{last} of {total.toLocaleString()} {noun}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
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
        </div>
      ) : null}
    </nav>
  );
}

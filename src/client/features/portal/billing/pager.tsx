import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** Previous / next for a server-paged list, with "Page x of y" announced as it changes. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={busy || page >= pages}>
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}

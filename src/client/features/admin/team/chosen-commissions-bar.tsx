import { CheckCheckIcon } from 'lucide-react';
import type { Commission } from '@shared/contracts/commissions';
import { Button } from '@client/components/ui/button';

/** The bar over the commission history while pending rows of the page are chosen: Clear, Mark paid. */
export function ChosenCommissionsBar({
  chosenRows,
  onClear,
  onMarkPaid,
}: {
  chosenRows: readonly Commission[];
  onClear: () => void;
  onMarkPaid: () => void;
}) {
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm"
      role="region"
      aria-label="Chosen commissions"
    >
      <span className="mr-auto">
        {chosenRows.length} pending {chosenRows.length === 1 ? 'commission' : 'commissions'} chosen on this
        page
      </span>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear
      </Button>
      <Button size="sm" onClick={onMarkPaid}>
        <CheckCheckIcon aria-hidden="true" />
        Mark {chosenRows.length} paid
      </Button>
    </div>
  );
}

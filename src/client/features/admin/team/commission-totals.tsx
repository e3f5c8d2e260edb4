import { ClockIcon, CircleCheckIcon, SigmaIcon } from 'lucide-react';
import type { CommissionTotals } from '@shared/contracts/commissions';
import { StatTilesSkeleton } from '@client/components/stat-tile';
import { StatTileRow } from '@client/components/stat-tile-row';
import { totalsFigures } from './team-format';

const ICONS = [ClockIcon, CircleCheckIcon, SigmaIcon];

/** The history's totals: over every row the filters match, not just the page on screen. */
export function CommissionTotalsRow({
  totals,
  isFiltered,
  busy,
}: {
  totals: CommissionTotals | undefined;
  isFiltered: boolean;
  busy: boolean;
}) {
  if (!totals) return <StatTilesSkeleton label="Loading commission totals" count={3} columns={3} />;
  return (
    <div className="space-y-2" aria-busy={busy}>
      <StatTileRow
        columns={3}
        tiles={totalsFigures(totals).map((f, i) => ({
          label: f.label,
          value: f.value,
          hint: f.hint,
          icon: ICONS[i],
          testId: `commission-total-${f.label.toLowerCase()}`,
        }))}
      />
      <p className="text-xs text-muted-foreground">
        {isFiltered
          ? 'Totals over every commission that matches the filters, on all pages.'
          : 'Totals over every commission, on all pages.'}
      </p>
    </div>
  );
}

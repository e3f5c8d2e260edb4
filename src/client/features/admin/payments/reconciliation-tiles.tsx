import { CircleCheckIcon, FileWarningIcon, FileXIcon, ScaleIcon } from 'lucide-react';
import {
  RECONCILIATION_TOLERANCE_LABELS,
  type RECONCILIATION_TOLERANCES,
} from '@shared/contracts/payment-operations';
import { StatTileRow } from '@client/components/stat-tile-row';
import { formatCount, formatMonth } from './operations-format';

/** Reconciliation's counts for the month (a dash until they come) and the tolerance it used. */
export function ReconciliationTiles({
  counts: data,
  tolerance,
  month,
}: {
  counts: { matched: number; flagged: number; excluded: number } | undefined;
  tolerance: (typeof RECONCILIATION_TOLERANCES)[number];
  month: string;
}) {
  return (
    <StatTileRow
      tiles={[
        {
          icon: CircleCheckIcon,
          label: 'Matched',
          value: data ? formatCount(data.matched) : '\u2014',
          hint: 'Within the tolerance',
          testId: 'reconcile-matched',
        },
        {
          icon: FileWarningIcon,
          label: 'Flagged',
          value: data ? formatCount(data.flagged) : '\u2014',
          hint: `Differ by more than ${RECONCILIATION_TOLERANCE_LABELS[tolerance]}`,
          testId: 'reconcile-flagged',
        },
        {
          icon: FileXIcon,
          label: 'Refunded or void',
          value: data ? formatCount(data.excluded) : '\u2014',
          hint: 'Expected to differ; not reconciled',
        },
        {
          icon: ScaleIcon,
          label: 'Tolerance',
          value: RECONCILIATION_TOLERANCE_LABELS[tolerance],
          hint: formatMonth(month),
        },
      ]}
    />
  );
}

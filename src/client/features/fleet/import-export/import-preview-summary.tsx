import type { ImportPreview } from '@shared/contracts/fleet';
import { Badge } from '@client/components/ui/badge';
import { useFleetAccount } from '../shell/fleet-account';
import { formatNumber } from '../shell/format';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { PreviewTable } from './preview-table';

/** What the server found in the file: the counts, the plan's room, missing columns, and the rows. */
export function ImportPreviewSummary({
  preview,
  validCount,
}: {
  preview: ImportPreview;
  validCount: number;
}) {
  const { canManageAccount } = useFleetAccount();
  const overPlan = preview.remaining !== null && preview.remaining < validCount;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="success" data-testid="import-valid-count">
          {formatNumber(preview.valid)} valid
        </Badge>
        <Badge variant={preview.invalid > 0 ? 'destructive' : 'secondary'} data-testid="import-invalid-count">
          {formatNumber(preview.invalid)} with problems
        </Badge>
        <span className="text-muted-foreground" data-testid="import-remaining">
          {preview.remaining === null
            ? `Your ${preview.planName ?? ''} plan has no vehicle limit.`.replace('  ', ' ')
            : `Your ${preview.planName ?? ''} plan allows ${formatNumber(preview.remaining)} more ${preview.remaining === 1 ? 'vehicle' : 'vehicles'}.`.replace(
                '  ',
                ' ',
              )}
        </span>
      </div>
      {preview.missingColumns.length > 0 ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          Missing columns: {preview.missingColumns.join(', ')}. Add them to the first row (see the template).
        </p>
      ) : null}
      {overPlan ? (
        <div className="grid gap-2 rounded-lg border border-warning/50 bg-warning/10 p-3 text-sm">
          <p>
            The file has {formatNumber(validCount)} valid vehicles but your plan allows{' '}
            {formatNumber(preview.remaining ?? 0)} more. The import stops at the limit.
          </p>
          <UpgradePlanAction canManageAccount={canManageAccount} className="w-fit" />
        </div>
      ) : null}
      {preview.rows.length > 0 ? <PreviewTable preview={preview} /> : null}
    </>
  );
}

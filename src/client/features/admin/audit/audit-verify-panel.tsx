import { useQuery } from '@tanstack/react-query';
import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageOf } from '@client/lib/api';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { auditVerifyQuery } from './api';

/**
 * The hash chain's check (`GET /api/admin/audit/verify`): run on demand, since it walks every row; shows
 * the rows checked, or the first row altered or removed.
 */
export function AuditVerifyPanel() {
  const verify = useQuery(auditVerifyQuery);
  const result = verify.data;
  return (
    <section
      aria-labelledby="audit-verify-heading"
      className="flex flex-col gap-3 rounded-md border p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1" aria-live="polite" data-testid="audit-verify-result">
        <h2 id="audit-verify-heading" className="text-sm font-semibold">
          Tamper evidence
        </h2>
        {verify.isError ? (
          <p className="text-sm text-destructive">
            {errorMessageOf(verify.error, 'The chain could not be checked. Please try again.')}
          </p>
        ) : !result ? (
          <p className="text-sm text-muted-foreground">
            Each entry carries a hash chained to the one before. Verify recomputes the chain.
          </p>
        ) : result.ok ? (
          <p className="flex items-center gap-2 text-sm">
            <ShieldCheckIcon aria-hidden="true" className="size-4 text-success" />
            Chain intact: {result.checked.toLocaleString()} entries checked (positions{' '}
            {(result.floorSeq + 1).toLocaleString()} to {result.headSeq.toLocaleString()}),{' '}
            {formatStaffDateTime(result.verifiedAt)}.
          </p>
        ) : (
          <p className="flex items-start gap-2 text-sm text-destructive">
            <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {result.problem?.message}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        className="shrink-0"
        onClick={() => void verify.refetch()}
        disabled={verify.isFetching}
      >
        {verify.isFetching ? <Spinner size="sm" label="Verifying" /> : <ShieldCheckIcon aria-hidden="true" />}
        Verify chain
      </Button>
    </section>
  );
}

import type { BackgroundJob } from '@shared/contracts/background-jobs';
import { Progress } from '@client/components/ui/progress';
import { cn } from '@client/lib/cn';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A background job's real progress (docs/background-jobs.md): records done of total as a bar and as
 * words, "Counting records..." before the total is known. `label` names the work ("Syncing customers").
 */
export function JobProgress({
  job,
  label,
  className,
}: {
  job: BackgroundJob;
  label: string;
  className?: string;
}) {
  const words =
    job.total === null
      ? 'Counting records...'
      : `${count(job.done)} of ${count(job.total)} record${job.total === 1 ? '' : 's'}`;
  return (
    <div className={cn('space-y-1.5', className)} data-testid="job-progress" aria-live="polite">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">{words}</span>
      </div>
      <Progress aria-label={`${label}: ${words}`} value={job.total ? job.done : 0} max={job.total || 100} />
    </div>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UploadCloudIcon } from 'lucide-react';
import type { BackgroundJob } from '@shared/contracts/background-jobs';
import type { CrmBulkEntity } from '@shared/contracts/crm';
import { JobProgress } from '@client/components/job-progress';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { errorMessageOf } from '@client/lib/api';
import { jobResultText, useJobEnded } from '@client/lib/background-job';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { crmJobQuery, crmKeys, useStartBulkSync } from './api';

const TEXTS: Record<CrmBulkEntity, { title: string; button: string; progress: string; text: string }> = {
  customers: {
    title: 'Customers',
    button: 'Sync all customers',
    progress: 'Syncing customers',
    text: 'Every customer account as a company with its owner as a contact.',
  },
  users: {
    title: 'Team users',
    button: 'Sync all users',
    progress: 'Syncing team users',
    text: 'Every team member as a contact.',
  },
};

/** 'Bulk Sync Complete' (Synced N records. M errors.). */
export const bulkCompleteText = (job: BackgroundJob) => jobResultText(job.result);

/**
 * A bulk sync of every customer or team user: the button, the job's real progress while it runs (also
 * after a reload: the status answer names the running job), and the toast when it ends.
 */
export function BulkSyncPanel({
  entity,
  latest,
  blocked,
  canEdit,
}: {
  entity: CrmBulkEntity;
  /** The newest job of this kind when the screen opened (running or not). */
  latest: BackgroundJob | null;
  blocked: string | null;
  canEdit: boolean;
}) {
  const texts = TEXTS[entity];
  const queryClient = useQueryClient();
  const start = useStartBulkSync(entity);
  const [startedId, setStartedId] = useState<string | null>(null);
  const watchedId = startedId ?? latest?.id ?? null;
  const job = useQuery({ ...crmJobQuery(watchedId ?? 'none'), enabled: watchedId !== null }).data ?? latest;
  const running = job?.status === 'running';

  useJobEnded(job, (ended) => {
    if (ended.status === 'succeeded') {
      toast({ title: 'Bulk Sync Complete', description: bulkCompleteText(ended), variant: 'success' });
    } else {
      toast({ title: 'Bulk Sync Failed', description: ended.error ?? undefined, variant: 'destructive' });
    }
  });

  const run = async () => {
    try {
      const answer = await start.mutateAsync();
      // Seen running first, so a job that ends before the first poll still gets its toast.
      queryClient.setQueryData(crmKeys.job(answer.job.id), answer.job);
      setStartedId(answer.job.id);
    } catch (error) {
      toast({
        title: 'Bulk Sync Failed',
        description: errorMessageOf(error, 'The sync could not be started. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid={`crm-bulk-${entity}`}>
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold">{texts.title}</h3>
        <p className="text-sm text-muted-foreground">{texts.text}</p>
      </div>
      <div>
        <Button onClick={() => void run()} disabled={!canEdit || !!blocked || running || start.isPending}>
          <UploadCloudIcon aria-hidden="true" />
          {texts.button}
        </Button>
      </div>
      {job && running ? <JobProgress job={job} label={texts.progress} /> : null}
      {job && !running ? <LastRun job={job} /> : null}
      {job ? null : <p className="text-sm text-muted-foreground">No bulk sync has run yet.</p>}
    </Card>
  );
}

function LastRun({ job }: { job: BackgroundJob }) {
  const when = job.finishedAt ? formatStaffDateTime(job.finishedAt) : formatStaffDateTime(job.createdAt);
  if (job.status === 'failed') {
    return (
      <p className="text-sm break-words text-destructive">
        Last sync {when} failed: {job.error}
      </p>
    );
  }
  return (
    <div className="space-y-1 text-sm text-muted-foreground">
      <p>
        Last sync {when}: {bulkCompleteText(job)}
      </p>
      {job.result && job.result.errors.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5 text-xs">
          {job.result.errors.slice(0, 5).map((e) => (
            <li key={e.ref} className="break-words">
              {e.ref}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

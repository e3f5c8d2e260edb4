import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import type { BackgroundJob } from '@shared/contracts/background-jobs';
import type { ExternalDbImport, ExternalDbStatus } from '@shared/contracts/external-db';
import { JobProgress } from '@client/components/job-progress';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageOf } from '@client/lib/api';
import { jobResultText, useJobEnded } from '@client/lib/background-job';
import { formatStaffDateTime } from '@client/lib/staff-dates';
import { toast } from '@client/lib/toast';
import { useStaffAccess } from '@client/lib/use-staff-access';
import { externalDbJobQuery, useStartImport } from './api';
import { ImportErrorsTable } from './import-errors-table';

const COPY: Record<
  ExternalDbImport,
  {
    title: string;
    description: string;
    button: string;
    progress: string;
    done: string;
    failed: string;
    noun: string;
  }
> = {
  customers: {
    title: 'Customer import',
    description:
      'Reads GET /api/customers. New customers get their plan (or Starter), its limits, a 14-day trial and a temporary password by email; existing ones (same email) get only the details that changed.',
    button: 'Import Customers',
    progress: 'Importing customers',
    done: 'Customer Sync Complete',
    failed: 'Customer Import Failed',
    noun: 'Customers',
  },
  users: {
    title: 'User import',
    description:
      "Reads GET /api/users. New team users are created as sales (or manager) with that role's default permissions and a password by email; an existing member's role and permissions never change.",
    button: 'Import Users',
    progress: 'Importing users',
    done: 'User Sync Complete',
    failed: 'User Import Failed',
    noun: 'Users',
  },
};

function LastImport({ job, noun }: { job: BackgroundJob; noun: string }) {
  const when = job.finishedAt ? formatStaffDateTime(job.finishedAt) : '';
  if (job.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive" data-testid="import-failure">
        Last import failed{when ? ` (${when})` : ''}: {job.error}
      </p>
    );
  }
  if (!job.result) return null;
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="import-summary">
        Last import{when ? ` (${when})` : ''}: {jobResultText(job.result)}
      </p>
      {job.result.errorCount > 0 ? <ImportErrorsTable result={job.result} noun={noun} /> : null}
    </div>
  );
}

/**
 * One import (customers or users): its button, enabled only after a successful
 * connection test, the job's real progress while it runs, then its counts and the rows it refused.
 */
export function ImportCard({
  kind,
  status,
}: {
  kind: ExternalDbImport;
  status: ExternalDbStatus | undefined;
}) {
  const copy = COPY[kind];
  const queryClient = useQueryClient();
  const { holds } = useStaffAccess();
  const [startedId, setStartedId] = useState<string | null>(null);
  const latest = status?.jobs[kind] ?? null;
  const jobId = startedId ?? latest?.id ?? null;
  const job = useQuery({
    ...externalDbJobQuery(jobId ?? ''),
    enabled: jobId !== null,
    initialData: latest && latest.id === jobId ? latest : undefined,
  }).data;
  const start = useStartImport(kind);

  useJobEnded(job, (ended) => {
    if (ended.status === 'succeeded' && ended.result) {
      toast({
        title: copy.done,
        description: jobResultText(ended.result),
        variant: 'success',
      });
    } else {
      toast({ title: copy.failed, description: ended.error ?? undefined, variant: 'destructive' });
    }
  });

  const running = job?.status === 'running';
  const canImport = !!status?.success && holds('canEditSettings') && !running && !start.isPending;
  const onImport = () =>
    start.mutate(undefined, {
      onSuccess: ({ job: begun }) => {
        queryClient.setQueryData(externalDbJobQuery(begun.id).queryKey, begun);
        setStartedId(begun.id);
      },
      onError: (error) =>
        toast({
          title: copy.failed,
          description: errorMessageOf(error, 'The import could not start.'),
          variant: 'destructive',
        }),
    });

  return (
    <Card data-testid={`import-${kind}`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl flex-1 basis-64 space-y-1.5">
          <CardTitle asHeading="h2">{copy.title}</CardTitle>
          <CardDescription>{copy.description}</CardDescription>
        </div>
        <Button onClick={onImport} disabled={!canImport}>
          {start.isPending || running ? (
            <Spinner size="sm" label="Importing" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          {copy.button}
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        {status && !status.success ? (
          <p className="text-sm text-muted-foreground">Run a successful connection test to import.</p>
        ) : null}
        {job && running ? <JobProgress job={job} label={copy.progress} /> : null}
        {job && !running ? <LastImport job={job} noun={copy.noun} /> : null}
      </CardContent>
    </Card>
  );
}

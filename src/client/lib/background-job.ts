import { useEffect, useRef } from 'react';
import { queryOptions, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { backgroundJob, type BackgroundJob, type JobResult } from '@shared/contracts/background-jobs';
import { getJson } from '@client/lib/api';
import { invalidateDomains } from '@client/lib/data-freshness';

/* One way to follow a background job (docs/background-jobs.md): poll it while it runs, stop after. */

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 500;

/**
 * The query of one job at `path` (`GET .../jobs/{id}`), polled every JOB_POLL_MS while it runs and
 * never after. The area's api.ts builds its job query with this.
 */
export const backgroundJobQuery = (queryKey: QueryKey, path: string) =>
  queryOptions({
    queryKey,
    queryFn: (context) => getJson(path, backgroundJob, context),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
  });

const counted = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a finished sync or import did, in the product's words ('Synced N records. M errors.'),
 * each count with its own singular: 'Synced 1 record. 0 errors.'
 */
export const jobResultText = (result: JobResult | null | undefined) =>
  `Synced ${counted(result?.synced ?? 0, 'record')}. ${counted(result?.errorCount ?? 0, 'error')}.`;

/**
 * Calls `onEnd` once when `job` goes from running to ended while this screen watches it (the toast of
 * a finished sync), after making stale every query that read what the job wrote (the freshness model:
 * a job's changes land after the call that started it answered). A job that had already ended when
 * the screen opened calls nothing.
 */
export function useJobEnded(job: BackgroundJob | null | undefined, onEnd: (job: BackgroundJob) => void) {
  const queryClient = useQueryClient();
  const seenRunning = useRef<string | null>(null);
  const callback = useRef(onEnd);
  useEffect(() => {
    callback.current = onEnd;
  });
  useEffect(() => {
    if (!job) return;
    if (job.status === 'running') {
      seenRunning.current = job.id;
    } else if (seenRunning.current === job.id) {
      seenRunning.current = null;
      void invalidateDomains(queryClient, job.changed);
      callback.current(job);
    }
  }, [job, queryClient]);
}

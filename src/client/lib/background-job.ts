import { useEffect, useRef } from 'react';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { backgroundJob, type BackgroundJob } from '@shared/contracts/background-jobs';
import { getJson } from '@client/lib/api';

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
    queryFn: ({ signal }) => getJson(path, backgroundJob, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? JOB_POLL_MS : false),
  });

/**
 * Calls `onEnd` once when `job` goes from running to ended while this screen watches it (the toast of
 * a finished sync). A job that had already ended when the screen opened calls nothing.
 */
export function useJobEnded(job: BackgroundJob | null | undefined, onEnd: (job: BackgroundJob) => void) {
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
      callback.current(job);
    }
  }, [job]);
}

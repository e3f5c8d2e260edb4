import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { sessionLostHandler, watchForLostSession } from './session-watch';

const answer = (status: number) => () => Promise.reject(new ApiError(status, '{"message":"x"}'));

describe('watchForLostSession', () => {
  it('reports a 401 from a query at its first refused attempt, retries or not', async () => {
    const client = new QueryClient();
    const onLost = vi.fn();
    const stop = watchForLostSession(client, onLost);
    // A query with retries (the portal's billing info) is still retrying when the session is known lost.
    const pending = client
      .fetchQuery({ queryKey: ['billing'], queryFn: answer(401), retry: 2, retryDelay: 60_000 })
      .catch(() => undefined);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalled());
    stop();
    client.clear(); // ends the waiting retries
    await pending;
  });

  it('reports a 401 from a mutation', async () => {
    const client = new QueryClient();
    const onLost = vi.fn();
    const stop = watchForLostSession(client, onLost);
    await client
      .getMutationCache()
      .build(client, { mutationFn: answer(401) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onLost).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ignores other failures, and stops when told', async () => {
    const client = new QueryClient();
    const onLost = vi.fn();
    const stop = watchForLostSession(client, onLost);
    await client.fetchQuery({ queryKey: ['a'], queryFn: answer(403), retry: false }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ['b'], queryFn: answer(500), retry: false }).catch(() => undefined);
    stop();
    await client.fetchQuery({ queryKey: ['c'], queryFn: answer(401), retry: false }).catch(() => undefined);
    expect(onLost).not.toHaveBeenCalled();
  });
});

describe('sessionLostHandler', () => {
  it('leaves once, after the delay, however many calls are refused together', () => {
    vi.useFakeTimers();
    try {
      const leave = vi.fn();
      const onLost = sessionLostHandler({ description: 'Please sign in again.', delayMs: 500, leave });
      onLost();
      onLost();
      onLost();
      expect(leave).not.toHaveBeenCalled();
      vi.advanceTimersByTime(500);
      expect(leave).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

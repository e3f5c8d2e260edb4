// inTransaction's retry (http/request-context.ts): a transaction PostgreSQL aborted to resolve a
// conflict runs again when the caller asks for it, and nothing else is ever run twice.
import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { inTransaction } from './request-context';

const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });

/** A database whose transactions fail with `failures`, one per attempt, then succeed. */
function database(failures: Error[]) {
  let attempts = 0;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      attempts += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return work({});
    },
  } as unknown as Executor;
  return { ctx: { db }, attempts: () => attempts };
}

describe('inTransaction', () => {
  it('runs the work again after a deadlock or a serialization failure, up to the retries asked for', async () => {
    const { ctx, attempts } = database([conflict('40P01'), conflict('40001')]);
    await expect(inTransaction(ctx, async () => 'done', { retryConflicts: 3 })).resolves.toBe('done');
    expect(attempts()).toBe(3);
  });

  it('gives the conflict up once the retries are spent', async () => {
    const { ctx, attempts } = database([conflict('40P01'), conflict('40P01')]);
    await expect(inTransaction(ctx, async () => 'done', { retryConflicts: 1 })).rejects.toThrow('40P01');
    expect(attempts()).toBe(2);
  });

  it('runs once without retries asked for, and never again after any other error', async () => {
    const plain = database([conflict('40P01')]);
    await expect(inTransaction(plain.ctx, async () => 'done')).rejects.toThrow('40P01');
    expect(plain.attempts()).toBe(1);
    const unique = database([conflict('23505')]);
    await expect(inTransaction(unique.ctx, async () => 'done', { retryConflicts: 3 })).rejects.toThrow(
      '23505',
    );
    expect(unique.attempts()).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteEngine, withDrizzleParsers, type PgliteEngine } from './client';
import { LOOP_SLICE_MS } from './event-loop-turns';

let engine: PgliteEngine;
beforeAll(async () => {
  engine = await openPgliteEngine(null);
});
afterAll(() => engine.close());

describe('a chain of embedded statements', () => {
  it('lets timers and requests run while it goes on, not only once it has ended', async () => {
    const queries = withDrizzleParsers(engine.client);
    let statements = 0;
    let chainDone = false;
    const chain = (async () => {
      // Long enough to hold the loop many slices over: a few hundred milliseconds of statements.
      for (; statements < 3000; statements++) await queries.query('select $1::int as n', [statements]);
      chainDone = true;
    })();
    // A timer due now stands for a request waiting to be read.
    const firedAfter = await new Promise<number>((resolve) => setTimeout(() => resolve(statements), 0));
    await chain;
    expect(chainDone).toBe(true);
    // Without the turns the timer fired only once all 3,000 had run.
    expect(firedAfter).toBeLessThan(3000);
    expect(firedAfter).toBeGreaterThan(0);
  });

  it('takes no turn while the loop turns on its own', async () => {
    const queries = withDrizzleParsers(engine.client);
    // One statement after a turn of the loop (here, a timer) runs without waiting for another.
    await new Promise((resolve) => setTimeout(resolve, LOOP_SLICE_MS * 2));
    let immediateRan = false;
    setImmediate(() => {
      immediateRan = true;
    });
    await queries.query('select 1');
    expect(immediateRan).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPgliteEngine } from './client';
import { compiledPgliteWasm, compilePgliteWasm } from './pglite-wasm';

describe("PGlite's WebAssembly compiled ahead (launch.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  it('is handed to PGlite, which instantiates it instead of reading and compiling the file again', async () => {
    expect(await compiledPgliteWasm()).toBeUndefined(); // nothing was started yet
    compilePgliteWasm();
    const compiled = await compiledPgliteWasm();
    expect(compiled).toBeInstanceOf(WebAssembly.Module);
    const instantiate = vi.spyOn(WebAssembly, 'instantiate');
    const engine = await openPgliteEngine(null);
    try {
      expect((await engine.client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      // PGlite instantiates its engine from the module it was given: the same object, not bytes.
      expect(instantiate.mock.calls.some(([source]) => source === compiled)).toBe(true);
    } finally {
      await engine.close();
    }
  });
});

// PGlite's engine is 9 MB of WebAssembly. PGlite reads and compiles it only when it is created, after
// the server's code has loaded, and the start then waited up to 220 ms for the compilation alone. The
// built server's entry (launch.ts) calls compilePgliteWasm() in its first millisecond instead, so V8
// compiles it on its background threads while the main thread loads the server, and openPgliteEngine
// hands the compiled module to PGlite (docs/performance.md, cold start).
import { readFile } from 'node:fs/promises';

let compiling: Promise<WebAssembly.Module | undefined> | undefined;

/** Starts reading and compiling PGlite's WebAssembly; a second call does nothing. */
export function compilePgliteWasm(): void {
  compiling ??= readFile(new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite')))
    .then((bytes) => WebAssembly.compile(bytes))
    // PGlite reads and compiles the file itself when it gets no module: a failure here only loses the head start.
    .catch(() => undefined);
}

/** The module compilePgliteWasm() compiled (waiting for it if it is still compiling), or undefined if it was never started. */
export function compiledPgliteWasm(): Promise<WebAssembly.Module | undefined> {
  return compiling ?? Promise.resolve(undefined);
}

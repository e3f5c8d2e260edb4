// The built server's entry (dist/server/main.js; scripts/build-server.mjs): it turns on Node's compile
// cache, starts compiling the embedded database's WebAssembly, then loads the server (main.ts). Nothing
// may be imported statically here: the cache only helps the modules loaded after it is on.
import module from 'node:module';

// Node keeps the compiled code of every module it loads from here on (ours, Fastify, zod, PGlite's
// JavaScript...) in a cache on disk, keyed by each file's contents, and the next start reuses it instead
// of parsing and compiling them again (docs/performance.md, cold start). A stale or missing entry is
// compiled as usual; NODE_COMPILE_CACHE chooses the directory and NODE_DISABLE_COMPILE_CACHE turns it off.
module.enableCompileCache?.();

// On the embedded database (no DATABASE_URL), V8 compiles PGlite's engine on its own threads while the
// main thread loads the server. A DATABASE_URL set only in .env is not known yet: that start compiles
// it for nothing, in the background.
if (!process.env.DATABASE_URL) (await import('./db/pglite-wasm')).compilePgliteWasm();

await import('./main');

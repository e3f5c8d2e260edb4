// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the
// SQL migrations beside it, so `node dist/server/main.js` starts without a TypeScript loader.
import fs from 'node:fs';
import { build } from 'esbuild';
import { serverBuildOptions } from './server-bundle.mjs';

fs.rmSync('dist/server', { recursive: true, force: true });
await build(serverBuildOptions());
fs.cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built: dist/server/main.js');

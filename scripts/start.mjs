// `npm start`: build what is missing or older than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assertSupportedNode } from './node-version.mjs';

// `npm start` runs this on the Node `npm install` put in node_modules/.bin (npm puts it first on
// PATH); the build below and the server in this process run on it too. An older Node stops here.
assertSupportedNode();

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const sources = Math.max(newest('src'), mtime('vite.config.ts'), mtime('package.json'));
const built = Math.min(mtime('dist/server/main.js'), mtime('dist/client/index.html'));
if (built < sources) {
  console.log('Building Motorpool (first start or changed sources)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// Run the server in this process, so signals (Ctrl+C, SIGTERM) reach it directly.
process.setSourceMapsEnabled(true);
await import(new URL('../dist/server/main.js', import.meta.url).href);

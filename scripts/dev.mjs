// `npm run dev`: one URL (PORT, default 5000) with the client hot-reloading through Vite and the
// API server restarting on change behind it (API_PORT, default 5001).
import { spawn } from 'node:child_process';
import { assertSupportedNode } from './node-version.mjs';

// npx, tsx and vite below find `node` on the PATH npm gives this script: node_modules/.bin first.
assertSupportedNode();

const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts', '--dev'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...env, PORT: port, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());

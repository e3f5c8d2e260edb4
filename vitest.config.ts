import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests run once; the API suite runs on embedded PGlite and, when TEST_DATABASE_URL is set,
// again on that PostgreSQL server: the same files, with MP_TEST_DRIVER telling them which.
const apiFiles = ['src/server/**/*.test.ts'];
const apiProject = (driver: 'pglite' | 'pg') => ({
  test: {
    name: `api-${driver}`,
    include: apiFiles,
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    env: { MP_TEST_DRIVER: driver },
    // Each file opens its own app on its own copy of the database, so files share no state through the
    // database; sharing the loaded modules spares every file the import and compilation of the whole
    // server (about 1 s a file, and a cold JIT): the suite takes about 40 % less time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // One file per CPU. Vitest's default is one fewer, which on a 2-CPU machine runs the suite one file at
    // a time, though the API tests spend much of it waiting on a database.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        // The client's own import paths (vite.config.ts), for client modules that read the contracts.
        resolve: {
          alias: {
            '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
            '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/client/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'bench/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('pg')] : []),
    ],
  },
});

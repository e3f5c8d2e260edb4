import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The multi-instance test (tests/multi-instance): its own run, after the other tests (scripts/test.sh),
// because it starts real processes and needs the machine's CPUs to itself. One file, one fork.
export default defineConfig({
  test: {
    name: 'multi-instance',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/multi-instance/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

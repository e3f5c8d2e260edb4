import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { journeyPorts } from './tests/e2e/servers';

/**
 * Playwright journeys run against the built app (`npm run build` first; `npm test` does it) served by
 * `node dist/server/main.js` on a fresh embedded database, in Debian's Chromium. Never downloads a browser.
 * The servers are tests/e2e/servers.ts, started by tests/e2e/global-setup.ts.
 */
const { app: port } = journeyPorts();
const baseURL = `http://127.0.0.1:${port}`;

const chromiumPath = '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// The config is evaluated by the runner and again by every worker; only the runner (the first to get
// here) makes the data directory, and the workers inherit it through the environment.
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'motorpool-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
// The fleet-CRM app server's own database (fleet-crm-login.spec.ts), made the same way.
if (!process.env.E2E_FLEET_CRM_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'motorpool-e2e-fleet-crm-'));
  process.env.E2E_FLEET_CRM_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

if (!existsSync('dist/server/main.js')) {
  console.warn('playwright: dist/server/main.js is missing; run `npm run build` first (`npm test` does).');
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // A first visit to a tab loads its chunk and its data while the other worker's journey and both app
  // servers share the two CPUs: on a slow machine a heading took just over Playwright's default 5 s
  // (staff-customers, once in a full run). A check that fails still fails, 5 s later.
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      },
    },
  ],
  // The app servers and the local fakes (tests/e2e/servers.ts), started together, stopped at the end.
  globalSetup: './tests/e2e/global-setup.ts',
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright journeys run against the built app (`npm run build` first; `npm test` does it) served by
 * `node dist/server/main.js` on a fresh embedded database, in Debian's Chromium. Never downloads a browser.
 */
const port = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://127.0.0.1:${port}`;
/** The local mail server every journey's email goes to (tests/fakes/smtp-server.ts), and its mailbox. */
const MAIL_SMTP_PORT = port + 11;
const MAIL_HTTP_PORT = port + 10;
/** The local external fleet CRM (tests/fakes/fleet-crm-server.ts) and the app server that uses it. */
const FLEET_CRM_PORT = port + 15;
const FLEET_CRM_APP_PORT = port + 16;
/** The local external database (tests/fakes/external-db-server.ts); journeys point the API settings at it. */
const EXTERNAL_DB_PORT = port + 14;
/** The local HubSpot the CRM journey syncs to (tests/fakes/hubspot-main.ts). */
const HUBSPOT_PORT = port + 12;

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
const dataDir = process.env.E2E_DATA_DIR;
// The fleet-CRM app server's own database (fleet-crm-login.spec.ts), made the same way.
if (!process.env.E2E_FLEET_CRM_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'motorpool-e2e-fleet-crm-'));
  process.env.E2E_FLEET_CRM_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const fleetCrmDataDir = process.env.E2E_FLEET_CRM_DATA_DIR;

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
  webServer: [
    {
      command: 'npx tsx tests/fakes/mail-catcher-main.ts',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
    {
      command: 'npx tsx tests/fakes/external-db-main.ts',
      url: `http://127.0.0.1:${EXTERNAL_DB_PORT}/_control`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { EXTERNAL_DB_PORT: String(EXTERNAL_DB_PORT), EXTERNAL_DB_KEY: 'e2e-external-db-key' },
    },
    {
      command: 'npx tsx tests/fakes/hubspot-main.ts',
      url: `http://127.0.0.1:${HUBSPOT_PORT}/__control/contacts`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { HUBSPOT_PORT: String(HUBSPOT_PORT) },
    },
    {
      command: 'node dist/server/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOGIN_RATE_LIMIT_PER_IP: '100000',
        // The product's own per-account rule (only failures count): a journey proves the browser check.
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '10',
        CHECKOUT_RATE_LIMIT_PER_IP: '100000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        EMAIL_DELIVERY_SECONDS: '1',
        HUBSPOT_API_URL: `http://127.0.0.1:${HUBSPOT_PORT}`,
      },
    },
    {
      command: 'npx tsx tests/fakes/fleet-crm-main.ts',
      url: `http://127.0.0.1:${FLEET_CRM_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        FLEET_CRM_PORT: String(FLEET_CRM_PORT),
        FLEET_CRM_PORTAL_URL: `http://127.0.0.1:${FLEET_CRM_APP_PORT}`,
      },
    },
    {
      // The main server's settings plus an external fleet CRM; the main server stays without one.
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${FLEET_CRM_APP_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(FLEET_CRM_APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: fleetCrmDataDir,
        NODE_ENV: 'production',
        LOGIN_RATE_LIMIT_PER_IP: '100000',
        LOGIN_RATE_LIMIT_PER_ACCOUNT: '10',
        CHECKOUT_RATE_LIMIT_PER_IP: '100000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${FLEET_CRM_APP_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        EMAIL_DELIVERY_SECONDS: '1',
        FLEET_CRM_URL: `http://127.0.0.1:${FLEET_CRM_PORT}/login`,
        FLEET_CRM_VALIDATE_URL: `http://127.0.0.1:${FLEET_CRM_PORT}/api/auth/validate-token`,
        FLEET_CRM_TIMEOUT_MS: '2000',
      },
    },
  ],
});

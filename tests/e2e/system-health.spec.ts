import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request, test } from '@playwright/test';
import { createCustomer, DEMO_PASSWORD, DEMO_STAFF, signInPageAsStaff } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { journeyPorts } from './servers';

/** System Health (tab monitoring; docs/system-health.md): live figures and alerts. */

test('System Health shows live figures that change between two refreshes', async ({ page }) => {
  await signInPageAsStaff(page, DEMO_STAFF.manager);
  await page.goto('/admin?tab=monitoring');
  await expect(page.getByRole('heading', { name: 'System Health', level: 1 })).toBeVisible();
  const uptime = page.getByTestId('health-uptime');
  await expect(uptime).toBeVisible({ timeout: 15_000 });
  const first = await uptime.textContent();
  // The screen asks again every 3 s: the instance's uptime has moved on at the next answer.
  await expect.poll(() => uptime.textContent(), { timeout: 10_000 }).not.toBe(first);

  // Load on the API shows in the request count once this instance reports (every 5 s). The hour's
  // count is read: the 5-minute one also drops as the other journeys' older minutes leave its window.
  const requests = page.getByTestId('health-requests-60m');
  const before = Number((await requests.textContent())!.replace(/,/g, ''));
  for (let i = 0; i < 25; i += 1) await page.request.get('/api/plans');
  await expect
    .poll(async () => Number((await requests.textContent())!.replace(/,/g, '')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(before + 25);

  await page.getByRole('tab', { name: 'Metrics' }).click();
  await expect(page.locator('[data-testid="health-route-group"][data-group="plans"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'System Health metrics');
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByTestId('health-integration').filter({ hasText: 'Payments' })).toContainText(
    'Sandbox',
  );
});

/**
 * An instance of its own whose payment provider cannot be reached (Stripe keys, an address nothing
 * answers on): a checkout fails at the provider, the next report raises the payments alert, staff
 * resolve it.
 */
test.describe('an alert', () => {
  let server: ChildProcess;
  let dataDir: string;
  const port = journeyPorts().alertApp;
  const baseURL = `http://127.0.0.1:${port}`;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = await mkdtemp(path.join(tmpdir(), 'mp-health-e2e-'));
    server = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'error',
        HEALTH_REPORT_SECONDS: '1',
        BILLING_JOB_INTERVAL_SECONDS: '0',
        STRIPE_SECRET_KEY: 'sk_test_unreachable',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_unreachable',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
      stdio: 'ignore',
    });
    const ctx = await request.newContext({ baseURL });
    await expect
      .poll(async () => (await ctx.get('/api/health').catch(() => null))?.status(), { timeout: 60_000 })
      .toBe(200);
    await ctx.dispose();
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  test('raised when the payments provider fails, and resolved by staff', async ({ browser }) => {
    const api = await request.newContext({ baseURL });
    const customer = await createCustomer({}, api);
    const signIn = await api.post('/api/auth/dealer-login', {
      data: { email: customer.email, password: customer.password },
    });
    expect(signIn.status()).toBe(200);
    const checkout = await api.post('/api/create-subscription', { data: { customerId: customer.id } });
    expect(checkout.status(), await checkout.text()).toBeGreaterThanOrEqual(400);
    await api.dispose();

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const staff = await page.request.post('/api/auth/admin-login', {
      data: { email: DEMO_STAFF.admin, password: DEMO_PASSWORD },
    });
    expect(staff.status()).toBe(200);
    await page.goto('/admin?tab=monitoring&view=services');
    await expect(page.getByTestId('health-integration').filter({ hasText: 'Payments' })).toContainText(
      'Error',
      { timeout: 10_000 },
    );

    await page.getByRole('tab', { name: /Alerts/ }).click();
    const alert = page.locator('[data-testid="health-alert"][data-condition="integration:payments"]');
    await expect(alert).toContainText('could not be reached', { timeout: 10_000 });
    await alert.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resolve alert' }).click();
    await expect(page.getByText('Alert resolved').first()).toBeVisible();
    await expect(alert).toContainText('Resolved');
    await expect(alert).toContainText('by Avery Admin');
    await expect(alert.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'System Health alerts');
    await context.close();
  });
});

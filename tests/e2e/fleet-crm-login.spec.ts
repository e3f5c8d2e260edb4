import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { journeyPorts } from './servers';
import { createCustomer } from './support/api';

/*
 * The automatic login with an external fleet CRM (docs/fleet-crm.md): the app server on its own port has
 * FLEET_CRM_URL and FLEET_CRM_VALIDATE_URL pointing at the local fleet CRM (tests/e2e/servers.ts,
 * tests/fakes/fleet-crm-server.ts), which issues its own tokens and confirms them.
 */

const appUrl = () => `http://127.0.0.1:${journeyPorts().fleetCrmApp}`;
const crmUrl = () => `http://127.0.0.1:${journeyPorts().fleetCrm}`;

let app: APIRequestContext;
test.beforeAll(async () => {
  app = await request.newContext({ baseURL: appUrl() });
});
test.afterAll(() => app.dispose());

/** A token the fleet CRM will confirm for this email (its control endpoint). */
async function crmToken(email: string): Promise<string> {
  const res = await app.post(`${crmUrl()}/control/tokens`, { data: { email } });
  return ((await res.json()) as { token: string }).token;
}

const portalLink = (token: string, email: string, tab?: string) =>
  `${appUrl()}/customer-dashboard?${new URLSearchParams({ auth: token, email, ...(tab ? { tab } : {}) })}`;

async function expectSignedInToBilling(page: Page, firstName: string) {
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${appUrl()}/customer-dashboard?tab=billing`);
  await expect(page.getByRole('tab', { name: 'Billing & Payments' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(new RegExp(`Welcome,? ${firstName}`)).first()).toBeVisible();
}

test('sign-in goes to the fleet CRM, whose link back signs in to the billing tab', async ({ page }) => {
  const customer = await createCustomer({ firstName: 'Robin' }, app);
  await page.goto(`${appUrl()}/customer-login`);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  // The CRM checked our token with us before it showed this page.
  await expect(page).toHaveURL(new RegExp(`^${crmUrl()}/login\\?`));
  await expect(page.getByText(`Signed in as ${customer.email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Open Motorpool billing' }).click();
  await expectSignedInToBilling(page, 'Robin');
});

test("a fresh browser with the CRM's link is signed in by the server's check", async ({ browser }) => {
  const customer = await createCustomer({ firstName: 'Sasha' }, app);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(portalLink(await crmToken(customer.email), customer.email, 'billing'));
  await expectSignedInToBilling(page, 'Sasha');

  // The session is the server's: a reload without the parameters stays signed in.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Billing & Payments' })).toBeVisible();
  await context.close();
});

// One test per look, so that each has its own time: four browsers and full-page screenshots in one test
// went over Playwright's 30 s on a busy CI machine.
for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [390, 1440]) {
    test(`a token the fleet CRM refuses sends the customer to sign in, with the reason (${colorScheme}, ${width} px)`, async ({
      browser,
    }) => {
      const customer = await createCustomer({}, app);
      const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(portalLink('crm_refused-by-the-crm', customer.email, 'billing'));
      await expect(page).toHaveURL(new RegExp(`^${appUrl()}/customer-login\\?`));
      await expect(page.getByRole('alert')).toHaveText(
        'Fleet CRM could not confirm your sign-in. Please sign in again.',
      );
      await expect(page.getByLabel('Email')).toHaveValue(customer.email);
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      expect(
        (await page.request.get(`${appUrl()}/api/auth/customer`).then((r) => r.json())).isAuthenticated,
      ).toBe(false);
      await page.screenshot({
        path: test.info().outputPath(`refused-${colorScheme}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }
}

test('the sign-in page shows only its own texts, whatever the address says', async ({ page }) => {
  await page.goto(
    `${appUrl()}/customer-login?reason=${encodeURIComponent('Your account is hacked, call 555')}`,
  );
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('hacked')).toHaveCount(0);
  await page.goto(`${appUrl()}/customer-login?reason=fleet_crm_timeout`);
  await expect(page.getByRole('alert')).toHaveText('Fleet CRM did not answer in time. Please sign in again.');
});

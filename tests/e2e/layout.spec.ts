import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCustomer, signInPageAsCustomer, uniqueEmail } from './support/api';

/**
 * Tablet and phone layouts (issue 9): at 1024, 768 and 390 px nothing is wider than the screen, no list
 * clips a column or its row actions, and the selected tab of every tab strip is in view with every other
 * tab reachable. The fleet lists are the demo customer's (it has vehicles, drivers and maintenance); the
 * team and the portal are a fresh customer's (a member to remove; the trial banner makes the portal's
 * first screen its fullest).
 */

const SCREENS = {
  laptop: { width: 1024, height: 768 },
  tablet: { width: 768, height: 1024 },
  phone: { width: 390, height: 844 },
} as const;
type Screen = keyof typeof SCREENS;

/** Every visible element whose right edge is past the viewport, and the document's own overflow. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const id =
        el.getAttribute('data-testid') ?? el.getAttribute('data-slot') ?? el.getAttribute('aria-label');
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}> "${text}"`;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      if (box.right > width + 0.5) offenders.push(`${describe(el)} ends at ${Math.round(box.right)} px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders: offenders.slice(0, 8) };
  });
}

async function expectNothingWider(page: Page, where: string) {
  const overflow = await overflowOf(page);
  expect(overflow.offenders, `${where}: elements past the ${overflow.width} px screen`).toEqual([]);
  expect(overflow.scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.width);
}

/** The box of an element lies within the screen's width (left edge at or after 0, right edge inside). */
async function expectWithinWidth(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = locator.page().viewportSize()?.width ?? 0;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} ends on screen`).toBeLessThanOrEqual(width + 0.5);
}

/** The selected tab is fully in view, and every tab of the strip is on screen (none hidden sideways). */
async function expectTabsInView(page: Page, strip: string, selected: string) {
  const list = page.getByRole('tablist', { name: strip });
  const tab = list.getByRole('tab', { name: selected, exact: true });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toBeInViewport({ ratio: 1 });
  for (const each of await list.getByRole('tab').all()) {
    await expectWithinWidth(each, `the tab '${await each.textContent()}'`);
  }
}

/** A list's rows: every cell it shows is on screen, the row's actions (its last cell) included. */
async function expectRowsWhole(page: Page, table: Locator, what: string) {
  const rows = table.locator('tbody tr');
  await expect(rows.first(), `${what} has rows`).toBeVisible();
  const count = Math.min(await rows.count(), 5);
  let withActions = 0;
  for (let i = 0; i < count; i += 1) {
    const actions = rows.nth(i).locator('td').last();
    await expectWithinWidth(actions, `${what} row ${i + 1}'s last cell`);
    // A row without actions (the account owner in Team) has an empty last cell.
    const buttons = actions.getByRole('button');
    if ((await buttons.count()) === 0) continue;
    withActions += 1;
    for (const button of await buttons.all())
      await expectWithinWidth(button, `${what} row ${i + 1}'s actions`);
  }
  expect(withActions, `${what}: some row has actions`).toBeGreaterThan(0);
  await expectNothingWider(page, what);
}

const FLEET_LISTS = [
  { tab: 'vehicles', label: 'Vehicles', table: 'Vehicles' },
  { tab: 'drivers', label: 'Drivers', table: 'Drivers' },
  { tab: 'maintenance', label: 'Maintenance', table: 'Maintenance' },
] as const;

for (const screen of ['laptop', 'tablet', 'phone'] as const satisfies readonly Screen[]) {
  const { width } = SCREENS[screen];

  test(`fleet app at ${width} px: the lists keep their columns and actions on screen, the tab in view`, async ({
    page,
  }) => {
    await page.setViewportSize(SCREENS[screen]);
    await signInPageAsCustomer(page);
    for (const { tab, label, table } of FLEET_LISTS) {
      await page.goto(`/fleet-management?tab=${tab}`);
      await expectTabsInView(page, 'Fleet sections', label);
      await expectRowsWhole(page, page.getByRole('table', { name: table }), `${label} at ${width} px`);
    }
    // A row's menu opens on screen.
    await page.goto('/fleet-management?tab=vehicles');
    await page
      .getByRole('table', { name: 'Vehicles' })
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await expectWithinWidth(menu, 'the vehicle row menu');
    await page.keyboard.press('Escape');
  });

  test(`fleet team at ${width} px: a member's role and Remove stay on screen`, async ({ page }) => {
    await page.setViewportSize(SCREENS[screen]);
    const customer = await createCustomer({ planId: 'professional' }, page.request);
    await signInPageAsCustomer(page, customer.email, customer.password);
    const invited = await page.request.post('/api/fleet/team', {
      data: { firstName: 'Alexandra', lastName: 'Montgomery-Whitfield', email: uniqueEmail('member') },
    });
    expect(invited.status(), `invite: ${await invited.text()}`).toBe(201);
    await page.goto('/fleet-management?tab=team');
    await expectTabsInView(page, 'Fleet sections', 'Team');
    const table = page.getByRole('table', { name: 'Members' });
    await expect(table.getByRole('combobox', { name: /^Role of Alexandra/ })).toBeVisible();
    await expectRowsWhole(page, table, `Team at ${width} px`);
  });
}

for (const screen of ['laptop', 'tablet', 'phone'] as const satisfies readonly Screen[]) {
  const { width, height } = SCREENS[screen];

  test(`portal at ${width} px: every tab fits the screen and stays in view`, async ({ page }) => {
    await page.setViewportSize(SCREENS[screen]);
    const customer = await createCustomer({ planId: 'starter' }, page.request);
    await signInPageAsCustomer(page, customer.email, customer.password);

    await page.goto('/customer-dashboard');
    const figures = page.getByTestId('overview-vehicles');
    await expect(figures).toBeVisible();
    // The promo cards and the trial banner leave the first figures on the first screen.
    const box = await figures.boundingBox();
    expect(box!.y, 'the Vehicle Usage figure starts on the first screen').toBeLessThan(height - 40);

    for (const [tab, label] of [
      ['overview', 'Overview'],
      ['plans', 'Plans'],
      ['billing', 'Billing & Payments'],
      ['settings', 'Settings'],
    ] as const) {
      await page.goto(`/customer-dashboard?tab=${tab}`);
      await expect(page.getByRole('tabpanel', { name: label })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectTabsInView(page, 'Account sections', label);
      await expectNothingWider(page, `the portal's ${label} at ${width} px`);
    }
  });
}

test('the billing history dialogs fit a phone, their tables included', async ({ page }) => {
  await page.setViewportSize(SCREENS.phone);
  await signInPageAsCustomer(page);
  await page.goto('/customer-dashboard?tab=billing');
  for (const [button, title, table] of [
    ['View All Invoices', 'All Invoices', 'Invoices'],
    ['View All Transactions', 'All Transactions', 'Transactions'],
  ] as const) {
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('table', { name: table }).locator('tbody tr').first()).toBeVisible();
    await expectNothingWider(page, `${title} on a phone`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('one way to each place: the fleet app from its card, Settings from its tab, Change Password from its card', async ({
  page,
}) => {
  await signInPageAsCustomer(page);
  await page.goto('/customer-dashboard');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  // The built-in fleet app is in this site, so its link is not marked external.
  const fleet = page.getByRole('link', { name: 'Go to dashboard' });
  await expect(fleet).toHaveCount(1);
  await expect(fleet).not.toHaveAttribute('data-external', 'true');
  await expect(page.getByRole('link', { name: 'Fleet CRM' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fleet CRM' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(1);
  // Change Password from the Security Center card only, not again inside the Settings tab.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Auto refresh' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toHaveCount(1);
  await fleet.click();
  await expect(page).toHaveURL(/\/fleet-management/);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * What one scan adds to the journey's time budget: a full-page scan takes 5-10 s of CPU on a 2-core
 * machine running two journeys and the server, so a journey of three scans would otherwise spend its
 * whole default budget on them.
 */
const SCAN_BUDGET_MS = 15_000;

/**
 * Fails on any serious or critical WCAG 2 A/AA violation on the page as it is now. It first waits for
 * running animations (a dialog fading in) to end: mid-fade, colours are blended and contrast reads low.
 * The toasts are left out: a toast of the step before may start fading out (5 s after it came) while
 * the scan runs, and reads low for the same reason; their colours are checked on their own (a11y.spec.ts, `only` the toasts).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  what: string,
  { only }: { only?: string } = {},
): Promise<void> {
  test.info().setTimeout(test.info().timeout + SCAN_BUDGET_MS);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // A transition that starts during the scan (a row re-rendered by a refetch) blends its colours too and
  // failed a badge's contrast on a loaded machine: the scan reads every element at its final colours.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (
    only ? builder.include(only) : builder.exclude('[data-slot="toast-viewport"]')
  ).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  expect(blocking, `${what}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

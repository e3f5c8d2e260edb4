import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListPager } from './list-pager';

const pager = (page: number, total: number, totalCapped?: boolean) =>
  renderToStaticMarkup(
    createElement(ListPager, {
      page,
      pageSize: 25,
      total,
      totalCapped,
      onPage: () => undefined,
      label: 'Ticket pages',
      noun: 'tickets',
    }),
  ).replace(/<!-- -->/g, '');

/** Whether the Next button of the markup is disabled. */
const nextDisabled = (html: string) => /<button[^>]*disabled=""[^>]*>Next/.test(html);

describe('the pager of a list whose count may stop at a cap (a search: docs/architecture.md "Search")', () => {
  it('says "N+" for a capped count and keeps Next on at its last counted page', () => {
    const capped = pager(12, 300, true);
    expect(capped).toContain('276–300 of 300+ tickets');
    expect(capped).toContain('Page 12 of 12+');
    expect(nextDisabled(capped)).toBe(false);
  });

  it('an exact count reads as before, and its last page has no Next', () => {
    const exact = pager(12, 300);
    expect(exact).toContain('276–300 of 300 tickets');
    expect(exact).toContain('Page 12 of 12<');
    expect(nextDisabled(exact)).toBe(true);
  });
});

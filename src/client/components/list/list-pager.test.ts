import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toPage } from '../../../shared/contracts/common';
import { ListPager } from './list-pager';

const pager = (props: Partial<Parameters<typeof ListPager>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(ListPager, {
      page: 1,
      pageSize: 25,
      total: 60,
      onPage: () => {},
      label: 'Pages',
      ...props,
    }),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
const nextDisabled = (html: string) => /<button[^>]*disabled=""[^>]*>Next/.test(html);

describe('ListPager', () => {
  it('shows an exact count and stops at the last page', () => {
    const html = pager({ page: 3, total: 60, noun: 'drivers' });
    expect(text(html)).toContain('51–60 of 60 drivers');
    expect(text(html)).toContain('Page 3 of 3');
    expect(nextDisabled(html)).toBe(true);
  });

  it('says "10,000+" for a count that stopped at its cap, and lets the user page on past it', () => {
    const html = pager({ page: 400, total: 10_000, totalCapped: true, shown: 25 });
    expect(text(html)).toContain('9,976–10,000 of 10,000+');
    expect(text(html)).toContain('Page 400 of 400+');
    expect(nextDisabled(html)).toBe(false);
  });

  it('ends the range at the last row shown on a page past the cap', () => {
    expect(text(pager({ page: 402, total: 10_000, totalCapped: true, shown: 7 }))).toContain(
      '10,026–10,032 of 10,000+',
    );
  });
});

describe('toPage', () => {
  it('marks a capped count and leaves an exact one unmarked', () => {
    const request = { page: 2, pageSize: 25 };
    expect(toPage(request, [], { total: 10_000, capped: true })).toEqual({
      items: [],
      total: 10_000,
      totalCapped: true,
      page: 2,
      pageSize: 25,
    });
    expect(toPage(request, [], { total: 12, capped: false })).not.toHaveProperty('totalCapped');
    expect(toPage(request, [], 12)).toEqual({ items: [], total: 12, page: 2, pageSize: 25 });
  });
});

import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UseQueryResult } from '@tanstack/react-query';
import { UserRoundIcon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ColumnTable, type ColumnTableProps } from './column-table';
import type { Column } from './columns';
import type { ListPage } from './list-body';
import { ListCard } from './list-cards';
import { ListSection } from './list-section';
import { SortHeader } from './sort-header';
import type { ListState } from './use-list-state';

type Driver = { id: string; name: string; status: string; phone: string | null; license: string };

const DRIVERS: Driver[] = [
  { id: 'd1', name: 'Alex Rivera', status: 'Active', phone: '555-0100', license: 'LIC-1' },
  { id: 'd2', name: 'Sam Lee', status: 'On leave', phone: null, license: 'LIC-2' },
];

const COLUMNS: Column<Driver>[] = [
  { key: 'name', label: 'Name', sort: 'name', cell: (d) => d.name },
  { key: 'phone', label: 'Phone', from: '2xl', cell: (d) => d.phone ?? '—', narrow: (d) => d.phone },
  { key: 'license', label: 'License', from: '3xl', cell: (d) => d.license, narrowLabel: true },
  { key: 'status', label: 'Status', from: 'md', cell: (d) => d.status },
  { key: 'notes', label: 'Notes', from: '6xl', cell: () => 'note', narrow: false },
];

const table = (props: Partial<ColumnTableProps<Driver>> = {}) =>
  renderToStaticMarkup(
    createElement(ColumnTable<Driver>, {
      columns: COLUMNS,
      rows: DRIVERS,
      rowKey: (d) => d.id,
      rowProps: { 'data-testid': 'driver-row' },
      label: 'Drivers',
      ...props,
    }),
  );

/** The HTML of each element of `tag` in `html`, in order (no nesting of the same tag in these tables). */
const all = (html: string, tag: string) =>
  html.match(new RegExp(`<${tag}[ >][\\s\\S]*?</${tag}>`, 'g')) ?? [];
const rows = (html: string) => all(html.slice(html.indexOf('<tbody')), 'tr');
/** The narrow detail of a row: the div under the lead cell. */
const detailOf = (row: string) => row.match(/<div class="mt-1 [^"]*">[\s\S]*?<\/div>/)?.[0] ?? '';

describe('ColumnTable: one definition per column', () => {
  it('renders each column’s head, cell and narrow value from the same definition', () => {
    const html = table();
    const heads = all(html, 'th');
    expect(heads.map((th) => th.replace(/<[^>]+>/g, ''))).toEqual([
      'Name',
      'Phone',
      'License',
      'Status',
      'Notes',
    ]);
    const [first] = rows(html);
    const cells = all(first!, 'td');
    expect(cells).toHaveLength(5);
    // The status column: its head, its cell and its narrow item all from `cell` and `from: 'md'`.
    expect(heads[3]).toContain('class="h-10 whitespace-nowrap');
    expect(heads[3]).toContain('hidden @md:table-cell');
    expect(cells[3]).toMatch(/^<td[^>]*class="[^"]*hidden @md:table-cell[^"]*">Active<\/td>$/);
    expect(detailOf(first!)).toContain(
      '<span class="inline-flex min-w-0 items-center gap-1 @md:hidden">Active</span>',
    );
  });

  it('keeps the table semantics and the row attributes', () => {
    const html = table();
    expect(html).toContain(
      '<table data-slot="table" class="w-full caption-bottom text-sm" aria-label="Drivers">',
    );
    expect(html).toContain('<div class="@container min-w-0 rounded-md border">');
    expect(all(html, 'th').every((th) => th.includes('scope="col"'))).toBe(true);
    expect(rows(html).every((tr) => tr.includes('data-testid="driver-row"'))).toBe(true);
  });
});

describe('ColumnTable: a figure', () => {
  it('right-aligns a numeric column’s head and cell, with tabular digits', () => {
    const html = table({
      columns: [COLUMNS[0]!, { key: 'trips', label: 'Trips', numeric: true, cell: () => 12 }],
    });
    expect(all(html, 'th')[1]).toMatch(/class="[^"]* text-right" scope="col">Trips<\/th>$/);
    expect(all(rows(html)[0]!, 'td')[1]).toMatch(/class="[^"]* text-right tabular-nums">12<\/td>$/);
  });
});

describe('ColumnTable: priority columns', () => {
  it('hides a column with `from` below its width and shows its value in the narrow detail until then', () => {
    const [first] = rows(table());
    const cells = all(first!, 'td');
    expect(cells[1]).toContain('hidden @2xl:table-cell');
    expect(cells[2]).toContain('hidden @3xl:table-cell');
    const detail = detailOf(first!);
    // Gone once the widest column it stands for shows (3xl; Notes says nothing there).
    expect(detail).toContain(
      'class="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground @3xl:hidden"',
    );
    expect(detail).toContain(
      '<span class="inline-flex min-w-0 items-center gap-1 @2xl:hidden">555-0100</span>',
    );
    // `narrowLabel: true` puts the column's label before the value.
    expect(detail).toContain(
      '<span class="inline-flex min-w-0 items-center gap-1 @3xl:hidden">License LIC-1</span>',
    );
    expect(detail).not.toContain('note');
  });

  it('always shows the lead column, which holds the detail; a row with nothing to say leaves its item out', () => {
    const [, second] = rows(table());
    const cells = all(second!, 'td');
    expect(cells[0]).toMatch(
      /^<td data-slot="table-cell" class="px-3 py-2.5 align-middle [^"]*">Sam Lee<div/,
    );
    expect(cells[1]).toContain('>—</td>');
    expect(detailOf(second!)).not.toContain('@2xl:hidden');
  });

  it('orders the narrow detail by `narrowOrder`, and puts a value under another cell with `narrowUnder`', () => {
    const [first] = rows(
      table({
        narrowOrder: ['status', 'license'],
        columns: COLUMNS.map((c) => (c.key === 'phone' ? { ...c, narrowUnder: 'license' } : c)),
      }),
    );
    const detail = detailOf(first!);
    expect(detail.indexOf('Active')).toBeLessThan(detail.indexOf('LIC-1'));
    expect(detail).not.toContain('555-0100');
    const license = all(first!, 'td')[2]!;
    expect(license).toContain(
      '<div class="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground @2xl:hidden">',
    );
    expect(license).toContain('555-0100');
  });

  it('adds the actions column, always shown and named for screen readers', () => {
    const html = table({ actions: (d) => createElement('button', { type: 'button' }, `Edit ${d.name}`) });
    expect(all(html, 'th').at(-1)).toMatch(
      /class="[^"]* w-px text-right" scope="col"><span class="sr-only">Actions<\/span><\/th>$/,
    );
    expect(all(rows(html)[1]!, 'td').at(-1)).toContain(
      'whitespace-nowrap text-right"><button type="button">Edit Sam Lee</button></td>',
    );
  });
});

/** The elements of a tree, depth first, without rendering any component. */
function elementsOf(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(elementsOf);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  return [node, ...elementsOf(node.props.children as ReactNode)];
}

describe('ColumnTable: sorting', () => {
  const sortable = (sort: string, onSort: (sort: string) => void) =>
    ColumnTable<Driver>({
      columns: [
        ...COLUMNS,
        {
          key: 'added',
          label: 'Added',
          sort: 'createdAt',
          newestFirst: true,
          from: 'lg',
          cell: () => 'today',
        },
      ],
      rows: DRIVERS,
      rowKey: (d) => d.id,
      sorting: { sort, onSort },
    });

  /** Clicks the sort button of the header for `field`. */
  const click = (tree: ReactNode, field: string) => {
    const header = elementsOf(tree).find((el) => el.type === SortHeader && el.props.field === field)!;
    const rendered = SortHeader(header.props as Parameters<typeof SortHeader>[0]);
    const button = elementsOf(rendered).find((el) => el.type === 'button')!;
    (button.props.onClick as () => void)();
  };

  it('makes a sort button of each header with a sort field, and calls onSort', () => {
    const onSort = vi.fn();
    const tree = sortable('name', onSort);
    click(tree, 'name');
    expect(onSort).toHaveBeenLastCalledWith('-name');
    click(tree, 'createdAt');
    expect(onSort).toHaveBeenLastCalledWith('-createdAt');
    click(sortable('-createdAt', onSort), 'createdAt');
    expect(onSort).toHaveBeenLastCalledWith('createdAt');
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('says the order in aria-sort, and leaves heads without a sort field plain', () => {
    const html = renderToStaticMarkup(sortable('-name', () => undefined));
    expect(html).toMatch(/<th [^>]*aria-sort="descending"[^>]*><button type="button"[^>]*>Name/);
    expect(html).toMatch(/<th [^>]*class="[^"]*hidden @lg:table-cell" scope="col" aria-sort="none"><button/);
    expect(all(html, 'th')[3]).not.toContain('<button');
  });

  it('has no sort buttons without `sorting`', () => {
    expect(table()).not.toContain('<button');
  });
});

describe('ListSection', () => {
  const state = {
    page: 1,
    pageSize: 20,
    search: '',
    sort: 'name',
    filters: {},
    isFiltered: false,
    query: { page: 1, pageSize: 20, sort: 'name' },
    setPage: () => undefined,
    setPageSize: () => undefined,
    setSearch: () => undefined,
    setSort: () => undefined,
    setFilter: () => undefined,
    clearFilters: () => undefined,
  } satisfies ListState<'name' | '-name', never>;
  const answered = (items: Driver[]) =>
    ({
      isPending: false,
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
      data: { items, total: items.length },
    }) as unknown as UseQueryResult<ListPage<Driver>>;
  const section = (items: Driver[]) =>
    renderToStaticMarkup(
      createElement(ListSection<ListPage<Driver>, 'name' | '-name'>, {
        state,
        query: answered(items),
        noun: 'drivers',
        toolbar: { search: { label: 'Search drivers', placeholder: 'Search name' } },
        empty: { icon: UserRoundIcon, title: 'No drivers yet', text: 'Add one.' },
        label: 'Drivers',
        columns: COLUMNS,
        rowKey: (d) => d.id,
        pager: { label: 'Driver pages', noun: ['driver', 'drivers'] },
      }),
    );

  it('wires the toolbar, the table from the columns, sorted by the state, and the pager', () => {
    const html = section(DRIVERS);
    expect(html).toContain('aria-label="Search drivers"');
    expect(html).toMatch(/<th [^>]*aria-sort="ascending"[^>]*><button type="button"[^>]*>Name/);
    expect(rows(html)).toHaveLength(2);
    expect(html).toContain('<nav aria-label="Driver pages"');
    expect(html).toContain('>1–2 of 2 drivers</p>');
  });

  it('says what an empty list offers, with no table and no pager', () => {
    const html = section([]);
    expect(html).toContain('No drivers yet');
    expect(html).not.toContain('<table');
    expect(html).not.toContain('Driver pages');
  });

  it('lays the rows out as cards where a list gives `cards` instead of columns', () => {
    const html = renderToStaticMarkup(
      createElement(ListSection<ListPage<Driver>, 'name' | '-name'>, {
        state,
        query: answered(DRIVERS),
        noun: 'drivers',
        empty: { icon: UserRoundIcon, title: 'No drivers yet', text: 'Add one.' },
        cards: { label: 'Drivers', card: (d) => createElement(ListCard, null, d.name) },
        rowKey: (d) => d.id,
        pager: { label: 'Driver pages' },
      }),
    );
    expect(html).not.toContain('<table');
    expect(html).toContain('<ul aria-label="Drivers" class="@container grid min-w-0 gap-3">');
    expect(all(html, 'li').map((li) => li.replace(/<[^>]+>/g, ''))).toEqual(['Alex Rivera', 'Sam Lee']);
  });
});

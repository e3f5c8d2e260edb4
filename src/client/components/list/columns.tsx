import type { ComponentProps, ReactNode } from 'react';

/**
 * Priority columns, the one pattern for lists on narrow screens. A column that is not essential names the
 * list width from which it shows (`from`); below it, the column is gone and its value sits under the row's
 * name, in the row's narrow detail. Widths are the list's own (a container query on `ColumnTable`'s
 * frame), so the same list behaves alike on a page, in a dialog or beside a sidebar:
 *
 * | `from` | the list is at least | typically                          |
 * | ------ | -------------------- | ---------------------------------- |
 * | `md`   | 448 px               | a large phone held sideways        |
 * | `lg`   | 512 px               |                                    |
 * | `xl`   | 576 px               | a dialog on a tablet               |
 * | `2xl`  | 672 px               | a tablet in portrait (768 px)      |
 * | `3xl`  | 768 px               |                                    |
 * | `4xl`  | 896 px               | a tablet in landscape (1024 px)    |
 * | `5xl`  | 1024 px              |                                    |
 * | `6xl`  | 1152 px              | a desktop (1440 px)                |
 *
 * The first column (what the row is) and the actions column always show, so a row's actions are always
 * reachable.
 */
export type ColumnWidth = 'md' | 'lg' | 'xl' | '2xl' | '3xl' | '4xl' | '5xl' | '6xl';

/** The widths from narrowest to widest. */
export const COLUMN_WIDTHS: readonly ColumnWidth[] = ['md', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl'];

// Whole class names, so Tailwind finds them.
const SHOWN_FROM: Record<ColumnWidth, string> = {
  md: 'hidden @md:table-cell',
  lg: 'hidden @lg:table-cell',
  xl: 'hidden @xl:table-cell',
  '2xl': 'hidden @2xl:table-cell',
  '3xl': 'hidden @3xl:table-cell',
  '4xl': 'hidden @4xl:table-cell',
  '5xl': 'hidden @5xl:table-cell',
  '6xl': 'hidden @6xl:table-cell',
};

const HIDDEN_FROM: Record<ColumnWidth, string> = {
  md: '@md:hidden',
  lg: '@lg:hidden',
  xl: '@xl:hidden',
  '2xl': '@2xl:hidden',
  '3xl': '@3xl:hidden',
  '4xl': '@4xl:hidden',
  '5xl': '@5xl:hidden',
  '6xl': '@6xl:hidden',
};

/** The classes of a cell or header that shows from a list width on (none: always). */
export function shownFrom(from: ColumnWidth | undefined): string | undefined {
  return from ? SHOWN_FROM[from] : undefined;
}

/** The class of what stands in for a column until the list is `until` wide (its narrow detail). */
export function hiddenFrom(until: ColumnWidth): string {
  return HIDDEN_FROM[until];
}

/** Extra attributes of a row or a cell: `data-testid` and other `data-*` ones, `title`, a class. */
export type ElementProps<E extends 'tr' | 'td'> = Omit<ComponentProps<E>, 'children'> &
  Partial<Record<`data-${string}`, string | number | boolean | undefined>>;

/**
 * One column of a list, written once: its header, its cell, and what the row's narrow detail says while
 * the column has given way (`from`). `ColumnTable` renders all three from it.
 */
export type Column<T> = {
  /** The column's name in code: React's key, and what `lead`, `narrowOrder` and `narrowUnder` name. */
  key: string;
  /** The header's text (and, with `narrowLabel`, the word before the value in the narrow detail). */
  label: string;
  /** What the header shows instead of `label` (a choose-all checkbox, a name for screen readers only). */
  head?: ReactNode;
  /** The sort field (`field`, `-field`): a sort button in the header when the table is sorted. */
  sort?: string;
  /** A first click sorts descending (times and amounts: the latest or largest first). */
  newestFirst?: boolean;
  /** The list width from which the column shows; none: always. */
  from?: ColumnWidth;
  /** A figure: the header and the cell right-aligned, the digits tabular so they line up. */
  numeric?: boolean;
  /** The cell. */
  cell: (row: T) => ReactNode;
  headClassName?: string;
  cellClassName?: string;
  /** A row's own cell attributes (`data-testid`, `title`, a class that depends on the row). */
  cellProps?: (row: T) => ElementProps<'td'>;
  /**
   * What the narrow detail says while the column has given way: the cell itself (default), its own
   * words (null for a row with nothing to say; an array for several items), or nothing (`false`).
   */
  narrow?: false | ((row: T) => ReactNode);
  /** A word before the narrow value: the column's `label` (`true`), or this text ("Signed in:"). */
  narrowLabel?: true | string;
  /** The class of the value's item in the narrow detail. */
  narrowClassName?: string;
  /** The column whose cell holds this column's narrow value (default: the table's lead column). */
  narrowUnder?: string;
  /** Where this column holds a narrow detail: that detail's class. */
  detailsClassName?: string;
  /** Where this column holds a narrow detail: what comes under it in the cell. */
  afterDetails?: (row: T) => ReactNode;
};

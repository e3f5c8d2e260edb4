import { useId, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

/**
 * A list's rows as cards: `ColumnTable`'s sibling for rows with more to say than a table row holds (a
 * customer's contact, plan, usage, health and its reasons). The list is the container its cards measure
 * (`@container`), so a card lays itself out by the list's width with the same sizes as the priority
 * columns (`@md` 448 px … `@6xl` 1152 px, see `./columns`): in a dialog or beside a sidebar as on a phone.
 * Use it inside `ListBody`, with `ListStatePager` under it, as a table would be.
 */
export function ListCards({
  label,
  className,
  children,
}: {
  /** The list's accessible name ("Customers"). */
  label: string;
  className?: string;
  /** `ListCard`s or `ExpandableListCard`s. */
  children: ReactNode;
}) {
  return (
    <ul aria-label={label} className={cn('@container grid min-w-0 gap-3', className)}>
      {children}
    </ul>
  );
}

const cardClass = 'min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm';

/** One row of `ListCards`: a card, laid out by the caller with the list's container sizes. */
export function ListCard({ className, ...props }: ComponentProps<'li'>) {
  return <li className={cn(cardClass, className)} {...props} />;
}

/** Clicks on these inside a row are their own, not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="menuitem"], [role="dialog"]';

/**
 * One row of `ListCards` that opens a panel under it (the WAI-ARIA accordion: a heading holding a
 * button with `aria-expanded`). The button is the row's name; the rest of the row is a click target
 * for the pointer too, the button being the keyboard's way to the same toggle. Which row is open is the
 * list's to decide (one at a time: keep one id in state).
 */
export function ExpandableListCard({
  name,
  beside,
  expanded,
  onToggle,
  summary,
  children,
  className,
  ...props
}: Omit<ComponentProps<'li'>, 'children' | 'onToggle'> & {
  /** What the row is ("Acme Logistics"): the toggle's text. */
  name: string;
  /** Next to the name on its line (a status badge). */
  beside?: ReactNode;
  expanded: boolean;
  onToggle: () => void;
  /** The rest of the row, under the name. */
  summary: ReactNode;
  /** The panel, rendered only while open. */
  children: ReactNode;
}) {
  const panelId = useId();
  const onRowClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // The row's own controls, and selecting text to copy it, are not a toggle.
    if (target.closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    onToggle();
  };
  return (
    <li className={cn(cardClass, expanded && 'border-ring/60', className)} {...props}>
      <div className="grid cursor-pointer gap-2 p-4" onClick={onRowClick}>
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 max-w-full">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={onToggle}
              className="flex min-w-0 max-w-full items-center gap-1.5 rounded-sm text-left font-semibold hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
            >
              <ChevronDownIcon
                className={cn(
                  'size-4 shrink-0 text-muted-foreground transition-transform',
                  expanded && 'rotate-180',
                )}
                aria-hidden="true"
              />
              <span className="truncate">{name}</span>
            </button>
          </h3>
          {beside}
        </div>
        {summary}
      </div>
      <div id={panelId} hidden={!expanded} className="border-t">
        {expanded ? children : null}
      </div>
    </li>
  );
}

import type { ReactNode } from 'react';

/** A landing section's eyebrow, title (the section's name: `id`) and lead text. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  className = 'mb-12',
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: ReactNode;
  /** The space below the heading. */
  className?: string;
}) {
  return (
    <div className={`mx-auto ${className} max-w-2xl text-center`}>
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-muted-foreground">{text}</p>
    </div>
  );
}

/** Where a section the header links to sits: it stops below the sticky header. */
export const ANCHORED_SECTION = 'scroll-mt-16 py-20 sm:py-24';

/**
 * A landing section: named by its heading (`name` is the heading's id), in the page's column. `anchor` is
 * the id the header's links jump to.
 */
export function LandingSection({
  name,
  anchor,
  className = ANCHORED_SECTION,
  heading,
  children,
  after,
}: {
  name: string;
  anchor?: string;
  className?: string;
  heading: Omit<Parameters<typeof SectionHeading>[0], 'id'>;
  children: ReactNode;
  /** Inside the section but outside its column (a dialog the section opens). */
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby={name} id={anchor} className={className}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id={name} {...heading} />
        {children}
      </div>
      {after}
    </section>
  );
}

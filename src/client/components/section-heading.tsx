import type { ReactNode } from 'react';

/** A section's title (the h2 its section is labelled by) and the line under it saying what it holds. */
export function SectionHeading({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

/**
 * A section of a staff screen labelled by its title, then its content (a table, a list, a chart). With a
 * `description` the title is a `SectionHeading`; without, the h2 alone, or read only by screen readers
 * (`hiddenTitle`) where what the section holds is plain on screen.
 */
export function HeadedSection({
  id,
  title,
  description,
  hiddenTitle = false,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  hiddenTitle?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      {description === undefined ? (
        <h2 id={id} className={hiddenTitle ? 'sr-only' : 'text-lg font-semibold'}>
          {title}
        </h2>
      ) : (
        <SectionHeading id={id} title={title}>
          {description}
        </SectionHeading>
      )}
      {children}
    </section>
  );
}

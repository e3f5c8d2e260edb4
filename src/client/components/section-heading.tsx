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
 * A section of a staff screen headed by `SectionHeading` and labelled by it, then its content (a table,
 * a list, a chart).
 */
export function HeadedSection({
  id,
  title,
  description,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <SectionHeading id={id} title={title}>
        {description}
      </SectionHeading>
      {children}
    </section>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

export type EmptyStateProps = Omit<ComponentProps<'div'>, 'title'> & {
  /** A lucide icon component (e.g. `Inbox`). */
  icon?: LucideIcon;
  title: ReactNode;
  text?: ReactNode;
  /** The next step: usually a Button. */
  action?: ReactNode;
  /** Heading level of the title (default h2). */
  headingLevel?: 'h2' | 'h3' | 'h4';
};

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  headingLevel: Heading = 'h2',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {Icon ? (
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </div>
      ) : null}
      <Heading className="text-base font-semibold">{title}</Heading>
      {text ? <p className="max-w-md text-sm text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}

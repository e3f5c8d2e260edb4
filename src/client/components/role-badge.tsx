import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

/** Role badge colours: red admin (and root), orange manager, blue sales. */
const ROLE_BADGE: Record<string, string> = {
  admin: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  root: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
  manager:
    'border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-900 dark:bg-orange-950 dark:text-orange-200',
  sales: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-200',
};
const ROLE_BADGE_OTHER = 'border-border bg-muted text-muted-foreground';

/**
 * A staff role in its colour (`ROLE_BADGE`): the header's '{role} Access' by default, or `children`
 * (the team list's plain role name).
 */
export function RoleBadge({
  role,
  className,
  children,
}: {
  role: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <span
      data-role={role}
      className={cn(
        'inline-flex w-fit items-center whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium',
        ROLE_BADGE[role] ?? ROLE_BADGE_OTHER,
        className,
      )}
    >
      {children ?? `${role} Access`}
    </span>
  );
}

import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

/**
 * A fleet tab's card: its title and what it holds, the tab's main action beside them (under them on
 * phones), then the content; a list's by default.
 */
export function TabCard({
  title,
  description,
  action,
  contentClassName = 'grid grid-cols-1 gap-4 px-4 sm:px-6',
  children,
}: {
  title: string;
  description: ReactNode;
  action?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle asHeading="h3">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {action}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

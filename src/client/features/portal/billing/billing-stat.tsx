import type { ReactNode } from 'react';
import type { CalendarIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';

/** One of the billing tab's figures: its title and icon, the figure, and a line under it. */
export function Stat({
  title,
  icon: Icon,
  children,
  note,
  testId,
  className,
}: {
  title: string;
  icon: typeof CalendarIcon;
  children: ReactNode;
  note?: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <Card data-testid={testId} className={className}>
      <CardHeader className="flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-5 sm:pb-2">
        <CardTitle asHeading="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden="true" />
      </CardHeader>
      <CardContent className="grid gap-1 px-4 pb-4 sm:px-5 sm:pb-5">
        <div className="text-xl font-bold tracking-tight sm:text-2xl">{children}</div>
        {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

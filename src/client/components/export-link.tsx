import type { ReactNode } from 'react';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** A list's export: a download link styled as an outline button (the file is the server's CSV). */
export function ExportLink({
  href,
  testId,
  className,
  children = 'Export',
}: {
  href: string;
  testId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Button variant="outline" asChild className={className}>
      <a href={href} download data-testid={testId}>
        <DownloadIcon aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}

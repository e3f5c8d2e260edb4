import { CircleAlertIcon, RotateCwIcon, type LucideIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { errorMessageOf } from '@client/lib/api';
import { cn } from '@client/lib/cn';

/** A screen or section whose data could not be loaded: what failed, the server's reason, and Try again. */
export function LoadFailed({
  title,
  error,
  onRetry,
  retrying = false,
  icon = CircleAlertIcon,
  className,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** The retry is running (the button waits). */
  retrying?: boolean;
  icon?: LucideIcon;
  className?: string;
}) {
  return (
    <EmptyState
      className={cn('bg-background', className)}
      icon={icon}
      title={title}
      text={errorMessageOf(error, 'Please try again.')}
      action={
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RotateCwIcon aria-hidden="true" />
          Try again
        </Button>
      }
    />
  );
}

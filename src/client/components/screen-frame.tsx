import type { ReactNode } from 'react';
import { ScreenHeader } from '@client/components/screen-header';

/**
 * A back-office screen's frame: its header (with the screen's own actions beside it, wrapping under it
 * on narrow screens) and what follows, spaced alike on every screen.
 */
export function ScreenFrame({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  /** Beside the header: a period switch, a status, the screen's buttons. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const header = <ScreenHeader title={title} description={description} />;
  return (
    <div className="space-y-6">
      {actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          {header}
          {actions}
        </div>
      ) : (
        header
      )}
      {children}
    </div>
  );
}

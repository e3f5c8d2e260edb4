import type { ReactNode } from 'react';
import { LockIcon } from 'lucide-react';
import { PLAN_TEXTS } from './plan-texts';
import { ViewToggle, type ViewMode } from './plan-views';

/**
 * The plans manager's title, the layout switch and Create Plan, and for view-only roles the reason
 * (the disabled Create Plan points at it with `aria-describedby`).
 */
export function PlansManagerHeader({
  headingLevel,
  view,
  onViewChange,
  createButton,
  readOnly,
}: {
  headingLevel: 'h1' | 'h2';
  view: ViewMode;
  onViewChange: (view: ViewMode) => void;
  createButton: ReactNode;
  readOnly: boolean;
}) {
  const Heading = headingLevel;
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <Heading className="text-2xl font-semibold tracking-tight">Subscription Plans Manager</Heading>
          <p className="text-sm text-muted-foreground">
            Prices, limits and features of the plans customers subscribe to, with their live customer figures.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ViewToggle value={view} onChange={onViewChange} />
          {createButton}
        </div>
      </div>

      {readOnly ? (
        <p
          id="plans-read-only-reason"
          className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm text-muted-foreground"
        >
          <LockIcon className="size-4 shrink-0" aria-hidden="true" />
          View only. {PLAN_TEXTS.readOnly}
        </p>
      ) : null}
    </>
  );
}

import { CheckIcon, XIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';
import type { Plan } from '@shared/contracts/plans';
import { PLAN_FEATURE_FLAGS, PLAN_FEATURE_LABELS } from '@shared/plan-features';

/** Every feature flag with its state in words (not colour alone). */
export function PlanFeaturesList({
  features,
  className,
}: {
  features: Plan['features'];
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-1.5 text-sm', className)}>
      {PLAN_FEATURE_FLAGS.map((flag) => {
        const on = features[flag] === true;
        return (
          <li key={flag} className="flex items-center justify-between gap-3">
            <span className={cn('flex min-w-0 items-center gap-2', !on && 'text-muted-foreground')}>
              {on ? (
                <CheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <XIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <span className="truncate">{PLAN_FEATURE_LABELS[flag]}</span>
            </span>
            <span
              className={cn('shrink-0 text-xs font-medium', on ? 'text-success' : 'text-muted-foreground')}
            >
              {on ? 'Enabled' : 'Disabled'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

import { useId, useState } from 'react';
import { ChevronDownIcon, ChevronUpIcon, HeartPulseIcon } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { healthBand, type RiskLevel, type StaffCustomer } from '@shared/contracts/staff-customers';
import { type CustomerStatus } from '@shared/statuses';
import {
  BAND_FILL,
  BAND_TEXT,
  BAND_TINT,
  RISK_BAND,
  RISK_LABELS,
  STATUS_BADGE,
  STATUS_LABELS,
  formatDate,
} from './customer-format';

/**
 * The account's status; a cancelled one whose access has not ended yet says when it ends (renewal
 * has stopped: the portal says "Cancels on" the same date).
 */
export function CustomerStatusBadge({
  status,
  accessEndsAt = null,
}: {
  status: CustomerStatus;
  accessEndsAt?: string | null;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <Badge variant={STATUS_BADGE[status]} data-testid="customer-status">
        {STATUS_LABELS[status]}
      </Badge>
      {accessEndsAt ? (
        <span className="text-xs text-muted-foreground" data-testid="customer-access-ends">
          ends on {formatDate(accessEndsAt)}
        </span>
      ) : null}
    </span>
  );
}

export function RiskBadge({ risk }: { risk: RiskLevel }) {
  const band = RISK_BAND[risk];
  return (
    <Badge variant="outline" className={cn(BAND_TINT[band], BAND_TEXT[band])}>
      {RISK_LABELS[risk]}
    </Badge>
  );
}

/** The score in its colour band (80, 60, 40), with a bar for a glance down a page of cards. */
export function HealthScore({ score }: { score: number }) {
  const band = healthBand(score);
  return (
    <div className="grid min-w-28 gap-1" data-testid="health-score">
      <p className="flex items-baseline gap-1.5">
        <HeartPulseIcon className={cn('size-4 self-center', BAND_TEXT[band])} aria-hidden="true" />
        <span className="sr-only">Health score</span>
        <span className={cn('text-lg font-semibold tabular-nums', BAND_TEXT[band])}>{score}</span>
        <span className="text-xs text-muted-foreground">/ 100</span>
      </p>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div className={cn('h-full rounded-full', BAND_FILL[band])} style={{ width: `${score}%` }} />
      </div>
    </div>
  );
}

/** Reasons shown before "+n more": enough to act on, short enough to keep the card one row. */
const SHOWN_REASONS = 2;

/**
 * What took points off the score, so staff can act ("2 failed payments in 30 days"). The first two show;
 * the rest open in place (a tooltip would be out of reach on a touch screen).
 */
export function HealthReasons({ reasons }: { reasons: StaffCustomer['healthReasons'] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (reasons.length === 0) {
    return <p className="text-xs text-muted-foreground">No health concerns</p>;
  }
  const hidden = reasons.length - SHOWN_REASONS;
  const shown = open ? reasons : reasons.slice(0, SHOWN_REASONS);
  return (
    <div className="grid gap-1 text-xs">
      <ul
        id={listId}
        aria-label="Health concerns"
        className="grid list-disc gap-0.5 pl-4 text-muted-foreground"
      >
        {shown.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex w-fit items-center gap-0.5 rounded font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {open ? 'Show less' : `+${hidden} more`}
          {open ? (
            <ChevronUpIcon className="size-3" aria-hidden="true" />
          ) : (
            <ChevronDownIcon className="size-3" aria-hidden="true" />
          )}
        </button>
      ) : null}
    </div>
  );
}

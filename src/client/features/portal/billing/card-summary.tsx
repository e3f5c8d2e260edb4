import { CreditCardIcon } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { cardName, type PaymentMethod } from './card-name';
import { formatExpiry } from '@client/lib/format';

/** A saved card: brand and last four, the Primary badge, and its expiry. */
export function CardSummary({ card, className }: { card: PaymentMethod; className?: string }) {
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <CreditCardIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {cardName(card)}
          {card.isDefault ? <Badge variant="success">Primary</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">Expires {formatExpiry(card.expMonth, card.expYear)}</p>
      </div>
    </div>
  );
}

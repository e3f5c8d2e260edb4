import { StarIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cardName, type PaymentMethod } from './card-name';
import { CardSummary } from './card-summary';

/**
 * The cards on file with Set as default and Remove (Remove only while more than one is on file, so a
 * running subscription always has a card), or the line saying there is none.
 */
export function SavedCardsList({
  cards,
  busy,
  onMakeDefault,
  onRemove,
}: {
  cards: PaymentMethod[];
  busy: boolean;
  onMakeDefault: (card: PaymentMethod) => void;
  onRemove: (card: PaymentMethod) => void;
}) {
  return (
    <>
      {cards.length > 0 ? (
        <ul className="grid gap-2" aria-label="Saved cards">
          {cards.map((card) => (
            <li
              key={card.id}
              data-testid="manage-card"
              className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <CardSummary card={card} />
              <div className="flex shrink-0 flex-wrap gap-2">
                {!card.isDefault ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy}
                    onClick={() => onMakeDefault(card)}
                    aria-label={`Set as default: ${cardName(card)}`}
                  >
                    <StarIcon aria-hidden="true" />
                    Set as default
                  </Button>
                ) : null}
                {cards.length > 1 ? (
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:text-destructive"
                    disabled={busy}
                    onClick={() => onRemove(card)}
                    aria-label={`Remove ${cardName(card)}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          No payment method on file yet.
        </p>
      )}
      {cards.length === 1 ? (
        <p className="text-xs text-muted-foreground">
          Add another card before removing this one: your subscription always needs a card on file.
        </p>
      ) : null}
    </>
  );
}

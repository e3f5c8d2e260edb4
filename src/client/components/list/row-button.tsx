import type { LucideIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/**
 * A row's one action in its actions column (Open, Read, Resolve, Request payment): a small outline
 * button. `label` names what it acts on for screen readers ("Open ticket #12") where its word alone
 * does not. With `wordFrom`, the word gives way to the icon alone on narrow screens (`sm`: the page;
 * `@3xl`: the list's own width).
 */
export function RowButton({
  word,
  label,
  icon: Icon,
  wordFrom,
  onClick,
}: {
  word: string;
  label?: string;
  icon?: LucideIcon;
  wordFrom?: 'sm' | '@3xl';
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} aria-label={label}>
      {Icon ? <Icon aria-hidden="true" /> : null}
      {wordFrom ? <span className={WORD_FROM[wordFrom]}>{word}</span> : word}
    </Button>
  );
}

// Whole class names, so Tailwind finds them.
const WORD_FROM = { sm: 'hidden sm:inline', '@3xl': 'hidden @3xl:inline' } as const;

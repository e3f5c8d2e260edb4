import { CheckIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** A combobox's listbox: the suggestions shown, the active one highlighted, the chosen one ticked. */
export function ComboboxOptions({
  listId,
  shown,
  value,
  active,
  optionId,
  onActive,
  onChoose,
}: {
  listId: string;
  shown: readonly string[];
  value: string;
  active: number;
  optionId: (i: number) => string;
  onActive: (i: number) => void;
  onChoose: (suggestion: string) => void;
}) {
  return (
    <ul id={listId} role="listbox" aria-label="Suggestions" className="max-h-60 overflow-y-auto">
      {shown.map((suggestion, i) => (
        <li
          key={suggestion}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => e.preventDefault()}
          onMouseMove={() => onActive(i)}
          onClick={() => onChoose(suggestion)}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
            i === active && 'bg-accent text-accent-foreground',
          )}
        >
          <CheckIcon
            className={cn('size-4 shrink-0', suggestion === value ? 'opacity-100' : 'opacity-0')}
            aria-hidden="true"
          />
          {suggestion}
        </li>
      ))}
    </ul>
  );
}

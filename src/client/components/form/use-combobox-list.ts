import { useId, useState, type KeyboardEvent } from 'react';

/** The suggestions that contain `typed` (any case); all of them when nothing is typed. */
export function matchingSuggestions(suggestions: readonly string[], typed: string): readonly string[] {
  const text = typed.trim().toLowerCase();
  return text ? suggestions.filter((s) => s.toLowerCase().includes(text)) : suggestions;
}

/**
 * A combobox's list: whether it is open, the suggestions it shows, the active one, and the keys that
 * move through it (arrows, Enter, Escape).
 */
export function useComboboxList(
  suggestions: readonly string[],
  value: string,
  onChange: (next: string) => void,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Typing narrows the list to what matches; opening it with the chevron or the arrows shows every one.
  const [narrowed, setNarrowed] = useState(false);
  const listId = useId();
  const shown = narrowed ? matchingSuggestions(suggestions, value) : suggestions;
  const expanded = open && shown.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const show = (next: boolean) => {
    setOpen(next);
    setActive(-1);
    setNarrowed(false);
  };
  const choose = (suggestion: string) => {
    onChange(suggestion);
    show(false);
  };
  const type = (text: string) => {
    onChange(text);
    setOpen(true);
    setActive(-1);
    setNarrowed(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setNarrowed(false);
        setActive(event.key === 'ArrowDown' ? 0 : suggestions.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && shown[active] !== undefined) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not the dialog around the field.
      event.preventDefault();
      event.stopPropagation();
      show(false);
    }
  };

  return { listId, shown, expanded, active, setActive, optionId, show, choose, type, onKeyDown };
}

import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from 'lucide-react';
import { Input } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's search box: what is typed reaches the list state (and the server) once typing pauses; a
 * change from elsewhere (Clear filters, the back button) shows in the box.
 */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange: (next: string) => void;
  /** The accessible name, e.g. "Search vehicles". */
  label: string;
  placeholder: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const settled = useDebouncedValue(text.trim());
  // The latest callback, so a re-render of the list does not send the same search twice.
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  });
  // Only a pause in typing sends; a change of `value` from elsewhere must not send the old text again.
  useEffect(() => {
    if (settled !== valueRef.current) onChangeRef.current(settled);
  }, [settled]);

  return (
    <div className={cn('relative min-w-0 flex-1 sm:max-w-sm', className)}>
      <SearchIcon
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={100}
        className="pl-8"
      />
    </div>
  );
}

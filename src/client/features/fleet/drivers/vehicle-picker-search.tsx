import { SearchIcon } from 'lucide-react';
import { Input } from '@client/components/ui/input';

/**
 * The picker's search box. Not the kit's SearchBox: this one takes the focus when the picker opens and
 * its text is debounced by the picker's query, not sent to a list's state.
 */
export function VehiclePickerSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (next: string) => void;
}) {
  return (
    <div className="relative">
      <SearchIcon
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        autoFocus
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="Search make, model or plate"
        aria-label="Search vehicles"
        className="pl-8"
      />
    </div>
  );
}

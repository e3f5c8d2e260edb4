import { LoaderCircleIcon, type LucideIcon } from 'lucide-react';

/** A button's icon, or the spinner in its place while the button's action runs (none when idle without one). */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon?: LucideIcon }) {
  if (busy) return <LoaderCircleIcon className="animate-spin" aria-hidden="true" />;
  return Icon ? <Icon aria-hidden="true" /> : null;
}

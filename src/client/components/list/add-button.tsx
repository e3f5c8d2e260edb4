import type { ReactNode } from 'react';
import { PlusIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** A list's add action (the plus, then what it adds): above the list, and again in its empty state. */
export function AddButton({
  onClick,
  className,
  children,
}: {
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button onClick={onClick} className={className}>
      <PlusIcon aria-hidden="true" />
      {children}
    </Button>
  );
}

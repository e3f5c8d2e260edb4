import { useState } from 'react';

/**
 * A lazily loaded dialog's state: mounted from its first opening on (so it can animate out when it
 * closes), then opened and closed.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = () => {
    setMounted(true);
    setOpen(true);
  };
  return { open, setOpen, mounted, show };
}

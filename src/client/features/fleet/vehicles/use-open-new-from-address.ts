import { useEffect } from 'react';
import { useSearchParams } from 'wouter';

/** `?new=1` (the overview's "Add vehicle") opens the add dialog once, then leaves the address clean. */
export function useOpenNewFromAddress(open: () => void, isOpen: boolean) {
  const [params, setParams] = useSearchParams();
  const wantsNew = params.get('new') === '1';
  if (wantsNew && !isOpen) open();
  useEffect(() => {
    if (!wantsNew) return;
    setParams(
      (prev) => {
        prev.delete('new');
        return prev;
      },
      { replace: true },
    );
  }, [wantsNew, setParams]);
}

import { useMemo, useState } from 'react';
import type { Commission } from '@shared/contracts/commissions';

/**
 * The commissions chosen to mark paid. A choice belongs to the rows on screen: another page or filter
 * (`pageKey`) starts a new one, and rows still showing the previous page's answer offer nothing to choose.
 */
export function useChosenCommissions(
  pageKey: string,
  list: { data?: { items: Commission[] }; isPlaceholderData: boolean },
) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [chosenFor, setChosenFor] = useState(pageKey);
  if (chosenFor !== pageKey) {
    setChosenFor(pageKey);
    setChosen(new Set());
  }
  const items = useMemo(
    () => (list.isPlaceholderData ? [] : (list.data?.items ?? [])),
    [list.data, list.isPlaceholderData],
  );
  const chosenRows = items.filter((c) => c.status === 'pending' && chosen.has(c.id));
  return { chosen, setChosen, chosenRows };
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@shared/contracts/fleet';
import { useDebouncedValue } from '@client/components/list/use-debounced-value';
import { vehiclesQuery } from '../api';

/** Vehicles offered at once: enough to choose from, the search box finds the rest. */
const PICKER_SIZE = 20;

/**
 * The vehicles a picker offers: the server's first matches of what is typed, asked only while the picker
 * is open; `more` is how many matches are left out.
 */
export function useVehicleOptions(open: boolean) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const options = useQuery({
    ...vehiclesQuery({ page: 1, pageSize: PICKER_SIZE, sort: 'make', search: debounced || undefined }),
    enabled: open,
  });
  const items: Vehicle[] = options.data?.items ?? [];
  const more = (options.data?.total ?? 0) - items.length;
  return { search, setSearch, debounced, options, items, more };
}

import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CustomerSettings, saveSettingsResponse } from '@shared/contracts/portal';
import { apiJsonUnchecked, throwIfResNotOk } from '@client/lib/api';

/** The Settings tab's calls (spec 1 §7 "Customer portal"). */

export type SaveSettingsAnswer = z.infer<typeof saveSettingsResponse>;
export type SaveKind = 'auto' | 'manual';

export const settingsQueryKey = (email: string) => ['/api/customer/settings', email] as const;

/** GET /api/customer/settings/{email} */
export function useCustomerSettings(email: string | null) {
  return useQuery({
    queryKey: settingsQueryKey(email ?? ''),
    queryFn: () =>
      apiJsonUnchecked<{ settings: CustomerSettings }>(
        'GET',
        `/api/customer/settings/${encodeURIComponent(email ?? '')}`,
      ),
    enabled: !!email,
  });
}

/** PUT /api/customer/settings/{email} with every setting plus autoSaved or manualSave (spec 1 §7). */
export function saveCustomerSettings(
  email: string,
  settings: CustomerSettings,
  kind: SaveKind,
  options: { keepalive?: boolean } = {},
): Promise<SaveSettingsAnswer> {
  const body = { ...settings, ...(kind === 'auto' ? { autoSaved: true } : { manualSave: true }) };
  const url = `/api/customer/settings/${encodeURIComponent(email)}`;
  if (!options.keepalive) return apiJsonUnchecked<SaveSettingsAnswer>('PUT', url, body);
  // Leaving the tab (or the page) with a change still waiting: keepalive lets the save outlive the page.
  return fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    keepalive: true,
  }).then(async (res) => {
    await throwIfResNotOk(res);
    return (await res.json()) as SaveSettingsAnswer;
  });
}

/** GET /api/customer/data-export: the JSON file and the name the server gave it. */
export async function downloadCustomerData(): Promise<{ blob: Blob; filename: string }> {
  const res = await fetch('/api/customer/data-export', { credentials: 'include' });
  await throwIfResNotOk(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'motorpool-data.json';
  const blob = await res.blob();
  return { blob: new Blob([blob], { type: 'application/json' }), filename };
}

/** POST /api/customer/delete-account {password}: 400 with errors.password when it is wrong. */
export function deleteCustomerAccount(password: string): Promise<{ success: boolean; message: string }> {
  return apiJsonUnchecked('POST', '/api/customer/delete-account', { password });
}

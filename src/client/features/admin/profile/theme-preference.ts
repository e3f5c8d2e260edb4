import type { QueryClient } from '@tanstack/react-query';
import type { StaffTheme } from '@shared/staff-preferences';
import { errorMessageOf } from '@client/lib/api';
import { STAFF_USER_QUERY_KEY, type StaffUser } from '@client/lib/staff-auth';
import { toast } from '@client/lib/toast';
import { savePreferences } from './api';

/**
 * The header's theme toggle keeps the member's saved theme in step (loaded on the first click, so the
 * shell's first load does not carry the call): only the theme is sent (the others keep following the
 * company's defaults until the member chooses them), and the
 * session takes the saved answer, so the shell's `useApplyTheme` sees the theme already shown.
 */
export async function saveThemePreference(queryClient: QueryClient, theme: StaffTheme): Promise<void> {
  const user = queryClient.getQueryData<StaffUser | null>(STAFF_USER_QUERY_KEY);
  if (!user) return;
  try {
    const saved = await savePreferences({ theme });
    queryClient.setQueryData<StaffUser | null>(STAFF_USER_QUERY_KEY, (current) =>
      current ? { ...current, preferences: saved.preferences } : current,
    );
  } catch (error) {
    toast({
      title: 'Theme not saved',
      description: errorMessageOf(error, 'Your theme choice is kept on this device only. Please try again.'),
      variant: 'destructive',
    });
  }
}

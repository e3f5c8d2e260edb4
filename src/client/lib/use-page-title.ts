import { useEffect } from 'react';
import { getAppName } from './app-name';

/** Formats a window title: "{appName} - {title}", or just the app name without a title. */
export function formatPageTitle(title?: string | null): string {
  const appName = getAppName();
  return title ? `${appName} - ${title}` : appName;
}

/** Sets `document.title` to "{appName} - {title}" (or just the app name) while the component is shown. */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = formatPageTitle(title);
  }, [title]);
}

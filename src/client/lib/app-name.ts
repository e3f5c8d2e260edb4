const FALLBACK_APP_NAME = 'Motorpool';

let cached: string | undefined;

/**
 * The product name, as the server wrote it into `<meta name="app-name">` (APP_NAME).
 * Falls back to 'Motorpool' when the tag is missing or still holds the raw placeholder (Vite dev server).
 */
export function getAppName(): string {
  if (cached !== undefined) return cached;
  let name = FALLBACK_APP_NAME;
  if (typeof document !== 'undefined') {
    const content = document.querySelector<HTMLMetaElement>('meta[name="app-name"]')?.content.trim();
    if (content && !content.includes('%')) name = content;
  }
  cached = name;
  return name;
}

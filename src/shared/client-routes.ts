/**
 * Every path the client renders (docs/product-rules.md "Routes"): the one route table. `src/client/routes.tsx`
 * gives each of these paths its screen (its table is typed by this list, so a path without a screen,
 * or a screen without a path here, does not compile), and the server answers exactly these paths with
 * the HTML shell and 200; other paths get the client's 404 page with a real 404 status.
 */
export const CLIENT_PATHS = [
  '/',
  '/customer-login',
  '/customer-dashboard',
  '/customer-billing',
  '/fleet-management',
  '/change-password',
  '/forgot-password',
  '/reset-password',
  '/checkout',
  '/admin-login',
  '/login',
  '/admin',
  '/admin/email-settings',
  '/admin/settings',
  '/plans',
] as const;

export type ClientPath = (typeof CLIENT_PATHS)[number];

export function isClientPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_PATHS as readonly string[]).includes(normalized);
}

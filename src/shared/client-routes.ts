/**
 * Every path the client renders (spec 1 §2, spec 2 §2). The server answers other paths with the
 * client's 404 page and a real 404 status.
 */
export const CLIENT_PATHS = [
  '/',
  '/customer-login',
  '/customer-dashboard',
  '/customer-billing',
  '/fleet-management',
  '/change-password',
  '/checkout',
  '/admin-login',
  '/login',
  '/admin',
  '/admin/email-settings',
  '/admin/settings',
  '/plans',
] as const;

export function isClientPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (CLIENT_PATHS as readonly string[]).includes(normalized);
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Redirect, Route, Switch } from 'wouter';
import { queryClient } from '@client/lib/query-client';
import { PageSpinner } from '@client/components/ui/spinner';
import { useStaffAuth } from '@client/lib/staff-auth';
import { CLIENT_PATHS, type ClientPath } from '@shared/client-routes';

/*
 * The route table (docs/product-rules.md "Routes"). `/` (the landing page) is served by main.tsx without
 * TanStack Query, to keep the landing's JavaScript small; this module is loaded lazily for every other
 * path and wraps it in QueryClientProvider. Every screen is its own lazy chunk, so the landing page never
 * downloads portal or admin code. Staff routes check the session with useStaffAuth (the server
 * authorises every API call on its own; this only decides what to show).
 */

const CustomerLoginPage = lazy(() => import('./features/auth/customer-login-page'));
const PortalPage = lazy(() => import('./features/portal/portal-page'));
const FleetPage = lazy(() => import('./features/fleet/fleet-page'));
const ChangePasswordPage = lazy(() => import('./features/auth/change-password-page'));
const ForgotPasswordPage = lazy(() => import('./features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./features/auth/reset-password-page'));
const CheckoutPage = lazy(() => import('./features/checkout/checkout-page'));
const AdminLoginPage = lazy(() => import('./features/admin-auth/admin-login-page'));
const AdminShell = lazy(() => import('./features/admin/admin-shell'));
const PlansPage = lazy(() => import('./features/admin/plans/plans-page'));
const EmailSettingsPage = lazy(() => import('./features/admin/email-settings-page'));
const SettingsPage = lazy(() => import('./features/admin/settings-page'));
const NotFoundPage = lazy(() => import('./features/not-found/not-found-page'));

type Screen = LazyExoticComponent<ComponentType>;

/** `/admin-login` and `/login`: the sign-in for visitors; signed-in staff go to /admin. */
function StaffSignInRoute() {
  const { isLoading, isAuthenticated } = useStaffAuth();
  if (isLoading) return <PageSpinner />;
  if (isAuthenticated) return <Redirect to="/admin" replace />;
  return <AdminLoginPage />;
}

/**
 * A screen for signed-in staff. Signed out: `fallback` is shown when given (the /admin sign-in),
 * otherwise the browser goes to /admin-login. A page outside the shell (`outsideShell`) sends a member
 * who has not yet replaced their generated password to /admin, where the shell asks for it first.
 */
function StaffRoute({
  screen: Screen,
  fallback: Fallback,
  outsideShell = false,
}: {
  screen: Screen;
  fallback?: Screen;
  outsideShell?: boolean;
}) {
  const { isLoading, user } = useStaffAuth();
  if (isLoading) return <PageSpinner />;
  if (user) {
    if (outsideShell && !user.isPasswordSet) return <Redirect to="/admin" replace />;
    return <Screen />;
  }
  if (Fallback) return <Fallback />;
  return <Redirect to="/admin-login" replace />;
}

/** A staff page outside the admin shell: signed out, it sends the browser to /admin-login. */
function staffPageOutsideShell(screen: Screen): ComponentType {
  return function StaffPageOutsideShell() {
    return <StaffRoute screen={screen} outsideShell />;
  };
}

/**
 * What each client path shows. Keyed by the shared route table (`@shared/client-routes`, which the
 * server answers with 200): a path there without a screen here, or a screen here under a path not
 * there, is a type error. `/` is main.tsx's.
 */
const SCREENS: Record<Exclude<ClientPath, '/'>, ComponentType> = {
  '/customer-login': CustomerLoginPage,
  '/customer-dashboard': PortalPage,
  '/customer-billing': PortalPage,
  '/fleet-management': FleetPage,
  '/change-password': ChangePasswordPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/checkout': CheckoutPage,
  '/admin-login': StaffSignInRoute,
  '/login': StaffSignInRoute,
  '/admin': function AdminRoute() {
    return <StaffRoute screen={AdminShell} fallback={AdminLoginPage} />;
  },
  '/admin/email-settings': staffPageOutsideShell(EmailSettingsPage),
  '/admin/settings': staffPageOutsideShell(SettingsPage),
  '/plans': staffPageOutsideShell(PlansPage),
};

/** Every route except `/` (main.tsx), inside the query client. Default export: loaded with React.lazy. */
export default function AppRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {CLIENT_PATHS.filter((path): path is keyof typeof SCREENS => path !== '/').map((path) => (
            <Route key={path} path={path} component={SCREENS[path]} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </QueryClientProvider>
  );
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Redirect, Route, Switch } from 'wouter';
import { queryClient } from '@client/lib/query-client';
import { PageSpinner } from '@client/components/ui/spinner';
import { useStaffAuth } from '@client/lib/staff-auth';

/*
 * The route table of spec 1 §2 and spec 2 §2. `/` (the landing page) is served by main.tsx without
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

/** The staff pages outside the admin shell: signed out, they send the browser to /admin-login. */
const STAFF_PAGES: [path: string, screen: Screen][] = [
  ['/admin/email-settings', EmailSettingsPage],
  ['/admin/settings', SettingsPage],
  ['/plans', PlansPage],
];

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

/** Every route except `/` (main.tsx), inside the query client. Default export: loaded with React.lazy. */
export default function AppRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/customer-login" component={CustomerLoginPage} />
          <Route path="/customer-dashboard" component={PortalPage} />
          <Route path="/customer-billing" component={PortalPage} />
          <Route path="/fleet-management" component={FleetPage} />
          <Route path="/change-password" component={ChangePasswordPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/checkout" component={CheckoutPage} />
          <Route path="/admin-login" component={StaffSignInRoute} />
          <Route path="/login" component={StaffSignInRoute} />
          <Route path="/admin">
            <StaffRoute screen={AdminShell} fallback={AdminLoginPage} />
          </Route>
          {STAFF_PAGES.map(([path, screen]) => (
            <Route key={path} path={path}>
              <StaffRoute screen={screen} outsideShell />
            </Route>
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </QueryClientProvider>
  );
}

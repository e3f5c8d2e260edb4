import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { CUSTOMER_EMAIL_STORAGE_KEY } from '@shared/constants';
import { autoLoginFailure } from '@shared/contracts/auth';
import { ApiError, searchParams } from '@client/lib/calls';
import { Spinner } from '@client/components/ui/spinner';
import { readStoredCustomer } from '@client/lib/customer-password';
import { customerAuthKey } from '@client/lib/customer-auth';
import { clearCustomerSession } from '@client/lib/customer-session';
import { toast } from '@client/lib/toast';
import { autoLogin } from './api';

/*
 * Automatic login from the fleet CRM (docs/fleet-crm.md): the portal opened with `auth`, `email`
 * and optional `tab`. The server validates the token (with the external fleet CRM when one is
 * configured) and creates the customer session in one call (POST /api/auth/create-customer-session
 * sets the cookie), the parameters leave the address (keeping ?tab=billing), and 'Welcome back!'
 * shows. Any failure goes to sign-in, with the reason the sign-in page turns into a fixed text.
 *
 * Mount: wrap the whole portal screen, outside its session check, so the check runs after the session
 * exists:  <AutoLoginGate><PortalScreen /></AutoLoginGate>
 */

export const AUTO_LOGIN_MESSAGE = 'Automatic login from Fleet CRM...';

/** The auto-login parameters of the current address, or null when there are none. */
function readAutoLoginParams(search: string): { token: string; email: string; tab: string | null } | null {
  const params = new URLSearchParams(search);
  const token = params.get('auth');
  const email = params.get('email');
  if (!token || !email) return null;
  return { token, email: email.trim().toLowerCase(), tab: params.get('tab') };
}

/** The sign-in page, told why (a known reason only) and with the email filled in. */
function signInAfterRefusal(error: unknown, email: string): string {
  const reason = autoLoginFailure.safeParse(error instanceof ApiError ? error.errorType : undefined);
  // Anything else (no connection, too many attempts) has no reason of its own: the general text.
  return `/customer-login?${searchParams({ reason: reason.success ? reason.data : 'auto_login_failed', email })}`;
}

/** Runs the auto-login when the address asks for it; `done` is true when the portal may render. */
export function useAutoLogin(): { done: boolean } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [params] = useState(() => readAutoLoginParams(search));
  const [done, setDone] = useState(params === null);
  const started = useRef(false);

  useEffect(() => {
    if (!params || started.current) return;
    started.current = true;
    const path = location;
    autoLogin(params.token, params.email, params.tab)
      .then(async (user) => {
        // A locally stored sign-in of someone else must not outlive this one (its token would win).
        if (readStoredCustomer()?.email.toLowerCase() !== user.email.toLowerCase()) clearCustomerSession();
        try {
          localStorage.setItem(CUSTOMER_EMAIL_STORAGE_KEY, user.email);
        } catch {
          // The cookie session works without local storage.
        }
        navigate(params.tab === 'billing' ? `${path}?tab=billing` : path, { replace: true });
        await queryClient.invalidateQueries({ queryKey: customerAuthKey });
        toast({
          title: 'Welcome back!',
          description: 'You were signed in from Fleet CRM.',
          variant: 'success',
        });
        setDone(true);
      })
      .catch((error: unknown) => {
        navigate(signInAfterRefusal(error, params.email), { replace: true });
      });
  }, [params, location, navigate, queryClient]);

  return { done };
}

/** Shows 'Automatic login from Fleet CRM...' while the auto-login runs, then its children. */
export function AutoLoginGate({ children }: { children: ReactNode }) {
  const { done } = useAutoLogin();
  if (!done) {
    return (
      <div className="flex min-h-dvh items-center justify-center bg-muted/40 px-4">
        <Spinner size="lg" label={AUTO_LOGIN_MESSAGE} showLabel className="flex-col gap-4 text-base" />
      </div>
    );
  }
  return <>{children}</>;
}

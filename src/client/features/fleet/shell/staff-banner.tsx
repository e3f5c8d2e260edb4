import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOutIcon, ShieldAlertIcon } from 'lucide-react';
import type { SessionImpersonator } from '@shared/contracts/impersonation';
import { Button } from '@client/components/ui/button';
import { apiRequest } from '@client/lib/calls';
import { errorMessageOf } from '@client/lib/api';
import { clearCustomerSession } from '@client/lib/customer-session';
import { toast } from '@client/lib/toast';
import { BusyIcon } from '@client/components/busy-icon';

/** Where the server sends staff once their one-time link is spent (server/modules/impersonation). */
const ARRIVAL_PARAM = 'as';

/**
 * Staff arriving from their one-time link (`?as=staff`): the session cookie is now the one staff
 * opened, so a customer token stored earlier in this browser must not speak for this tab (the
 * session check sends it as Bearer, ahead of the cookie). Cleared before the first check, during
 * the page's first render; the marker leaves the address afterwards.
 */
export function useStaffArrival(): void {
  const [arrived] = useState(() => {
    const isStaff = new URLSearchParams(window.location.search).get(ARRIVAL_PARAM) === 'staff';
    if (isStaff) clearCustomerSession();
    return isStaff;
  });
  useEffect(() => {
    if (!arrived) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(ARRIVAL_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [arrived]);
}

/** Ends the session staff opened and closes its tab (it was opened for this), else goes to the back-office. */
function useStaffExit() {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const exit = async () => {
    setLeaving(true);
    try {
      await apiRequest('POST', '/api/auth/customer-logout', {});
    } catch (error) {
      setLeaving(false);
      toast({
        title: 'Could not exit',
        description: errorMessageOf(error, 'The customer view could not be closed. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    clearCustomerSession();
    queryClient.clear();
    window.close();
    // A tab the browser will not let a script close (opened by hand) goes back to the back-office.
    window.setTimeout(() => {
      if (!window.closed) window.location.assign('/admin?tab=fleet');
    }, 300);
  };
  return { exit, leaving };
}

/**
 * Above the fleet app while staff view a customer's account (docs/impersonation.md): who is
 * really there, and the way out. Billing and passwords are not offered (and the server refuses them).
 */
export function StaffBanner({ staff }: { staff: SessionImpersonator }) {
  const { exit, leaving } = useStaffExit();
  return (
    <div
      role="region"
      aria-label="Staff view"
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-0.5">
          <p className="flex items-center gap-2 text-sm font-semibold" data-testid="staff-banner">
            <ShieldAlertIcon className="size-4 shrink-0" aria-hidden="true" />
            Viewing as {staff.name}, staff
          </p>
          <p className="text-xs opacity-80">
            Changes are recorded as yours. Billing, passwords and the team stay with the customer.
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={exit}
          disabled={leaving}
          className="border-amber-400 bg-transparent text-inherit hover:bg-amber-100 dark:border-amber-700 dark:hover:bg-amber-900"
        >
          <BusyIcon busy={leaving} icon={LogOutIcon} />
          Exit
        </Button>
      </div>
    </div>
  );
}

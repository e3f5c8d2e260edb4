import type { SessionCustomer } from '@shared/contracts/auth';
import { CustomerHeader } from '@client/components/customer-header';
import { Badge } from '@client/components/ui/badge';

/**
 * The header: who is signed in, theme and Logout. The fleet app and Settings each have one way in, the
 * Fleet Management card and the Settings tab (issue 9, "One way to each place").
 */
export function PortalHeader({
  customer,
  profileError,
}: {
  customer: SessionCustomer;
  /** The profile call failed ('(Profile Error)' beside the welcome). */
  profileError: boolean;
}) {
  return (
    <CustomerHeader className="max-w-6xl gap-4 py-4" actions={null}>
      <h1 className="truncate text-lg font-semibold leading-tight tracking-tight">{customer.companyName}</h1>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>Welcome, {customer.firstName}</span>
        {profileError ? (
          <span className="font-medium text-destructive" data-testid="profile-error">
            (Profile Error)
          </span>
        ) : null}
        {customer.planName ? (
          <Badge variant="secondary" data-testid="portal-plan-badge">
            {customer.planName}
          </Badge>
        ) : null}
      </div>
    </CustomerHeader>
  );
}

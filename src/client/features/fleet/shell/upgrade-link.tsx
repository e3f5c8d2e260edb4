import { Link } from 'wouter';
import { ArrowUpRightIcon } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useFleetAccount } from './fleet-account';

/** Where a plan change happens: the portal's Plans tab. */
export const UPGRADE_PLAN_HREF = '/customer-dashboard?tab=plans';

/**
 * The way out of a plan limit: an "Upgrade plan" link for someone who manages the account, and a note to
 * ask the account admin for everyone else (a fleet_user cannot change the plan); staff viewing the
 * account are told the plan is the customer's.
 */
export function UpgradePlanAction({
  canManageAccount,
  size = 'sm',
  className,
}: {
  canManageAccount: boolean;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const { staffViewer } = useFleetAccount();
  if (staffViewer) {
    return (
      <p className={cn('text-sm text-muted-foreground', className)}>
        Only the customer can change their plan.
      </p>
    );
  }
  if (!canManageAccount) {
    return (
      <p className={cn('text-sm text-muted-foreground', className)}>
        Ask your account admin to upgrade the plan.
      </p>
    );
  }
  return (
    <Button asChild size={size} className={className}>
      <Link href={UPGRADE_PLAN_HREF}>
        <ArrowUpRightIcon aria-hidden="true" />
        Upgrade plan
      </Link>
    </Button>
  );
}

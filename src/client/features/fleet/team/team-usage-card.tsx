import { UserPlusIcon } from 'lucide-react';
import type { TeamList } from '@shared/contracts/fleet';
import { Button } from '@client/components/ui/button';
import { Progress } from '@client/components/ui/progress';
import { cn } from '@client/lib/cn';
import { TabCard } from '../shell/tab-card';
import { UpgradePlanAction } from '../shell/upgrade-link';

/** The Team tab's head: users against the plan's limit, Invite member, and the way up at the limit. */
export function UsageCard({
  team,
  canManage,
  atLimit,
  onInvite,
}: {
  team: TeamList;
  canManage: boolean;
  atLimit: boolean;
  onInvite: () => void;
}) {
  const limited = team.userLimit !== null;
  const nearLimit = limited && !atLimit && team.users >= (team.userLimit ?? 0) - 1;
  return (
    <TabCard
      title="Team"
      description={
        <>
          {team.planName ? `The ${team.planName} plan` : 'Your plan'}{' '}
          {limited ? `allows ${team.userLimit} users, the owner included.` : 'allows any number of users.'}
        </>
      }
      action={
        canManage ? (
          <Button onClick={onInvite} className="w-full sm:w-auto">
            <UserPlusIcon aria-hidden="true" />
            Invite member
          </Button>
        ) : null
      }
      contentClassName="grid gap-2 px-4 sm:px-6"
    >
      <p className="text-sm" data-testid="team-usage">
        <span className="text-2xl font-semibold tabular-nums">{team.users}</span>{' '}
        {limited ? (
          <span className="text-muted-foreground">
            of {team.userLimit} {team.userLimit === 1 ? 'user' : 'users'}
          </span>
        ) : (
          <span className="text-muted-foreground">{team.users === 1 ? 'user' : 'users'} (no limit)</span>
        )}
      </p>
      {limited ? (
        <Progress
          value={team.users}
          max={team.userLimit ?? 1}
          aria-label="Users against the plan's limit"
          indicatorClassName={cn(atLimit ? 'bg-destructive' : nearLimit ? 'bg-warning' : undefined)}
        />
      ) : null}
      {atLimit ? (
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            Every seat is taken. A bigger plan allows more users.
          </p>
          <UpgradePlanAction canManageAccount={canManage} />
        </div>
      ) : null}
    </TabCard>
  );
}

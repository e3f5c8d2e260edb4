import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { InfoIcon, Trash2Icon, UserPlusIcon, UsersIcon } from 'lucide-react';
import type { TeamList, TeamMember, TeamRole } from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { OptionSelect } from '@client/components/form/option-select';
import { ColumnTable } from '@client/components/list/column-table';
import type { Column } from '@client/components/list/columns';
import { ListBody } from '@client/components/list/list-body';
import { changeRow } from '@client/components/list/row-change';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Progress } from '@client/components/ui/progress';
import { cn } from '@client/lib/cn';
import { teamQuery, useChangeRole, useRemoveMember } from '../api';
import { useFleetAccount } from '../shell/fleet-account';
import { TabCard } from '../shell/tab-card';
import { UpgradePlanAction } from '../shell/upgrade-link';
import { InviteDialog } from './invite-dialog';
import { ROLE_LABELS, ROLE_OPTIONS } from './team-roles';

/** The Team tab: who can sign in to this account, against the plan's user limit. */
export default function TeamTab() {
  const team = useQuery(teamQuery);
  // Only a fleet_admin manages the team; the server enforces it, the screen just does not offer it.
  const { customer, canManageAccount: canManage, staffViewer } = useFleetAccount();
  const [inviting, setInviting] = useState<number | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveMember();
  const isYou = (m: TeamMember) => !staffViewer && m.email.toLowerCase() === customer.email.toLowerCase();
  // The owner's role and membership are the account itself; nobody edits their own access either.
  const editable = (m: TeamMember) => canManage && !m.isOwner && !isYou(m);

  const onRemove = async () => {
    if (!removing) return;
    const removed = await changeRow(() => remove.mutateAsync(removing.id), {
      done: {
        title: 'Team member removed',
        description: `${removing.firstName} ${removing.lastName} can no longer sign in.`,
        variant: 'success',
      },
      failed: {
        title: 'Team member not removed',
        fallback: 'The team member could not be removed. Please try again.',
      },
    });
    if (removed) setRemoving(null);
  };

  // The owner is always a member, so the list is never empty; ListBody gives it the loading and error states.
  return (
    <ListBody
      query={team}
      noun="team members"
      isFiltered={false}
      onClearFilters={() => undefined}
      empty={{
        icon: UsersIcon,
        title: 'No team members',
        text: 'Invite the people who help run your fleet.',
      }}
    >
      {(data) => (
        <div className="grid grid-cols-1 gap-4">
          <UsageCard
            team={data}
            canManage={canManage}
            onInvite={() => setInviting(Date.now())}
            atLimit={data.userLimit !== null && data.users >= data.userLimit}
          />
          {!canManage ? (
            <p
              data-testid="team-read-only"
              className="flex items-start gap-2 rounded-lg border bg-background p-3 text-sm text-muted-foreground"
            >
              <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {staffViewer
                ? 'Staff viewing the account cannot invite people, change roles or remove anyone: who signs in is the customer’s decision.'
                : 'Only a fleet admin manages the team. Ask your account admin to invite someone or change a role.'}
            </p>
          ) : null}
          <Card>
            <CardHeader className="px-4 sm:px-6">
              <CardTitle asHeading="h3">Members</CardTitle>
              <CardDescription>Everyone who can sign in to this account.</CardDescription>
            </CardHeader>
            <CardContent className="px-4 sm:px-6">
              <ColumnTable
                label="Members"
                columns={memberColumns(isYou, editable)}
                rows={data.items}
                rowKey={(m) => m.id}
                rowProps={{ 'data-testid': 'team-member-row' }}
                actions={
                  canManage
                    ? (m) =>
                        editable(m) ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove ${nameOf(m)}`}
                            onClick={() => setRemoving(m)}
                          >
                            <Trash2Icon aria-hidden="true" />
                          </Button>
                        ) : null
                    : undefined
                }
              />
              {data.total <= 1 && canManage ? (
                <p className="mt-3 text-sm text-muted-foreground">
                  It is just you so far. Invite the people who help run your fleet.
                </p>
              ) : null}
            </CardContent>
          </Card>

          {inviting !== null ? (
            <InviteDialog key={inviting} open onOpenChange={(open) => !open && setInviting(null)} />
          ) : null}
          <ConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            title={`Remove ${removing ? `${removing.firstName} ${removing.lastName}` : 'team member'}?`}
            description="They can no longer sign in to this account. Their changes to the fleet stay."
            confirmLabel="Remove member"
            onConfirm={onRemove}
          />
        </div>
      )}
    </ListBody>
  );
}

function UsageCard({
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

const nameOf = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** A member's role: a choice where it may be changed, its name otherwise. */
function MemberRole({ member, editable }: { member: TeamMember; editable: boolean }) {
  const changeRole = useChangeRole();
  const name = nameOf(member);
  const onRole = (role: TeamRole) =>
    changeRow(() => changeRole.mutateAsync({ id: member.id, role }), {
      done: {
        title: 'Role changed',
        description: `${name} is now a ${ROLE_LABELS[role].toLowerCase()}.`,
        variant: 'success',
      },
      failed: { title: 'Role not changed', fallback: 'The role could not be changed. Please try again.' },
    });
  return editable ? (
    <OptionSelect
      value={member.role}
      onChange={(next) => void onRole(next)}
      options={ROLE_OPTIONS}
      trigger={{ 'aria-label': `Role of ${name}`, className: 'h-8 w-36', disabled: changeRole.isPending }}
    />
  ) : (
    <span className="whitespace-nowrap">{ROLE_LABELS[member.role]}</span>
  );
}

function memberColumns(
  isYou: (m: TeamMember) => boolean,
  editable: (m: TeamMember) => boolean,
): Column<TeamMember>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      detailsClassName: 'text-sm text-foreground',
      cell: (member) => (
        <>
          <div className="flex max-w-56 flex-wrap items-center gap-1.5 sm:max-w-72">
            <span className="truncate font-medium">{nameOf(member)}</span>
            {member.isOwner ? <Badge>Owner</Badge> : null}
            {isYou(member) ? <Badge variant="outline">You</Badge> : null}
          </div>
          <div className="max-w-56 truncate text-xs text-muted-foreground sm:max-w-72">{member.email}</div>
        </>
      ),
    },
    {
      key: 'role',
      label: 'Role',
      from: 'lg',
      cell: (member) => <MemberRole member={member} editable={editable(member)} />,
    },
    {
      key: 'status',
      label: 'Status',
      from: 'md',
      cell: (member) => (
        <Badge variant={member.status === 'active' ? 'success' : 'secondary'}>
          {member.status === 'active' ? 'Active' : 'Invited'}
        </Badge>
      ),
    },
  ];
}

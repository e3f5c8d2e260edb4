import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { InfoIcon, UsersIcon } from 'lucide-react';
import type { TeamMember } from '@shared/contracts/fleet';
import { ListBody } from '@client/components/list/list-body';
import { teamQuery } from '../api';
import { useFleetAccount } from '../shell/fleet-account';
import { InviteDialog } from './invite-dialog';
import { MembersCard } from './members-card';
import { RemoveMemberDialog } from './remove-member-dialog';
import { UsageCard } from './team-usage-card';

/** The Team tab: who can sign in to this account, against the plan's user limit. */
export default function TeamTab() {
  const team = useQuery(teamQuery);
  // Only a fleet_admin manages the team; the server enforces it, the screen just does not offer it.
  const { customer, canManageAccount: canManage, staffViewer } = useFleetAccount();
  const [inviting, setInviting] = useState<number | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const isYou = (m: TeamMember) => !staffViewer && m.email.toLowerCase() === customer.email.toLowerCase();
  // The owner's role and membership are the account itself; nobody edits their own access either.
  const editable = (m: TeamMember) => canManage && !m.isOwner && !isYou(m);

  // The owner is always a member, so the list is never empty; ListBody gives it the loading and error states.
  return (
    <ListBody
      query={team}
      noun="team members"
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
          <MembersCard
            team={data}
            canManage={canManage}
            isYou={isYou}
            editable={editable}
            onRemove={setRemoving}
          />

          {inviting !== null ? (
            <InviteDialog key={inviting} open onOpenChange={(open) => !open && setInviting(null)} />
          ) : null}
          <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
        </div>
      )}
    </ListBody>
  );
}

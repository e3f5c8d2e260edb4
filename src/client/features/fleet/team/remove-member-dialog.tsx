import type { TeamMember } from '@shared/contracts/fleet';
import { RowChangeConfirm } from '@client/components/list/row-change-confirm';
import { useRemoveMember } from '../api';

/** Asks before removing `member` (open while it is set) from the account, and removes them. */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const remove = useRemoveMember();
  return (
    <RowChangeConfirm
      row={member}
      onClose={onClose}
      change={(m) => remove.mutateAsync(m.id)}
      outcome={(m) => ({
        done: {
          title: 'Team member removed',
          description: `${m.firstName} ${m.lastName} can no longer sign in.`,
          variant: 'success',
        },
        failed: {
          title: 'Team member not removed',
          fallback: 'The team member could not be removed. Please try again.',
        },
      })}
      title={`Remove ${member ? `${member.firstName} ${member.lastName}` : 'team member'}?`}
      description="They can no longer sign in to this account. Their changes to the fleet stay."
      confirmLabel="Remove member"
    />
  );
}

import type { TeamMember } from '@shared/contracts/fleet';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { changeRow } from '@client/components/list/row-change';
import { useRemoveMember } from '../api';

/** Asks before removing `member` (open while it is set) from the account, and removes them. */
export function RemoveMemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const remove = useRemoveMember();

  const onRemove = async () => {
    if (!member) return;
    const removed = await changeRow(() => remove.mutateAsync(member.id), {
      done: {
        title: 'Team member removed',
        description: `${member.firstName} ${member.lastName} can no longer sign in.`,
        variant: 'success',
      },
      failed: {
        title: 'Team member not removed',
        fallback: 'The team member could not be removed. Please try again.',
      },
    });
    if (removed) onClose();
  };

  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${member ? `${member.firstName} ${member.lastName}` : 'team member'}?`}
      description="They can no longer sign in to this account. Their changes to the fleet stay."
      confirmLabel="Remove member"
      onConfirm={onRemove}
    />
  );
}

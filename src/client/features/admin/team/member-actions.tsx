import { useId, useState, type ReactNode } from 'react';
import { EDIT_USER_ROLES, type TeamUser } from '@shared/contracts/team';
import type { StaffRole } from '@shared/roles';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { OptionSelect } from '@client/components/form/option-select';
import { changeRow } from '@client/components/list/row-change';
import { RowChangeConfirm, useLastRow } from '@client/components/list/row-change-confirm';
import { Label } from '@client/components/ui/label';
import { useChangeRole, useDeleteUser } from './api';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { memberNameOf, ROLE_LABELS } from './team-format';
import { deleteConfirmText, TEAM_TEXTS } from './team-texts';
import type { TeamAccess } from './use-team-access';

/** What a member row (and the Create button) can start; `useMemberActions` carries them out. */
export type MemberActions = {
  create: () => void;
  edit: (m: TeamUser) => void;
  changeRole: (m: TeamUser) => void;
  remove: (m: TeamUser) => void;
};

type Open =
  | { kind: 'create'; key: number }
  | { kind: 'edit'; member: TeamUser; key: number }
  | { kind: 'role' | 'delete'; member: TeamUser };

/** The team members' dialogs, one at a time: Create, Edit, Change role and the delete confirmation. */
export function useMemberActions(access: Pick<TeamAccess, 'holds'>): {
  actions: MemberActions;
  dialogs: ReactNode;
} {
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const onOpenChange = (next: boolean) => !next && close();
  const actions: MemberActions = {
    create: () => setOpen({ kind: 'create', key: Date.now() }),
    edit: (member) => setOpen({ kind: 'edit', member, key: Date.now() }),
    changeRole: (member) => setOpen({ kind: 'role', member }),
    remove: (member) => setOpen({ kind: 'delete', member }),
  };
  const dialogs = (
    <>
      {open?.kind === 'create' ? <CreateUserDialog key={open.key} open onOpenChange={onOpenChange} /> : null}
      {open?.kind === 'edit' ? (
        <EditUserDialog
          key={open.key}
          member={open.member}
          access={access}
          open
          onOpenChange={onOpenChange}
        />
      ) : null}
      <ChangeRoleConfirm member={open?.kind === 'role' ? open.member : null} onClose={close} />
      <DeleteConfirm member={open?.kind === 'delete' ? open.member : null} onClose={close} />
    </>
  );
  return { actions, dialogs };
}

const ROLE_OPTIONS = EDIT_USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Change role from the row (`PATCH /api/admin/users/:id/role`), with its toasts. */
function ChangeRoleConfirm({ member, onClose }: { member: TeamUser | null; onClose: () => void }) {
  const changeRole = useChangeRole();
  const shown = useLastRow(member);
  const [role, setRole] = useState<StaffRole | ''>('');
  const [forId, setForId] = useState<string | null>(null);
  if (member && member.id !== forId) {
    setForId(member.id);
    setRole(member.role);
  }
  const selectId = useId();
  const name = shown ? memberNameOf(shown) : '';

  const onConfirm = async () => {
    if (!member || !role) return;
    const done = await changeRow(() => changeRole.mutateAsync({ id: member.id, role }), {
      done: {
        title: TEAM_TEXTS.roleUpdated,
        description: `${name} is now ${ROLE_LABELS[role]}.`,
        variant: 'success',
      },
      failed: { title: TEAM_TEXTS.roleFailed, fallback: TEAM_TEXTS.roleFailed },
    });
    if (done) onClose();
  };

  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={(next) => !next && onClose()}
      title={`Change role of ${name}`}
      description="The role decides which tabs they open; admin and root hold every permission. Their other sessions are signed out."
      confirmLabel="Change role"
      variant="default"
      confirmDisabled={!role || role === shown?.role}
      onConfirm={onConfirm}
    >
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Role</Label>
        <OptionSelect
          value={role}
          onChange={setRole}
          options={ROLE_OPTIONS}
          trigger={{ id: selectId, className: 'w-full' }}
        />
      </div>
    </ConfirmDialog>
  );
}

/** Delete, with the product's sentence (team-texts.ts). */
function DeleteConfirm({ member, onClose }: { member: TeamUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const shown = useLastRow(member);
  const name = shown ? memberNameOf(shown) : '';

  return (
    <RowChangeConfirm
      row={member}
      onClose={onClose}
      change={(m) => remove.mutateAsync(m.id)}
      outcome={() => ({
        done: {
          title: TEAM_TEXTS.deleted,
          description: `${name} can no longer sign in.`,
          variant: 'success',
        },
        failed: { title: TEAM_TEXTS.deleteFailed, fallback: TEAM_TEXTS.deleteFailed },
      })}
      title={`Delete ${name}?`}
      description={deleteConfirmText(name)}
      confirmLabel={remove.isPending ? 'Deleting...' : 'Delete user'}
    />
  );
}

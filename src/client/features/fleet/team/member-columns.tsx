import type { TeamMember, TeamRole } from '@shared/contracts/fleet';
import { OptionSelect } from '@client/components/form/option-select';
import type { Column } from '@client/components/list/columns';
import { changeRow } from '@client/components/list/row-change';
import { Badge } from '@client/components/ui/badge';
import { useChangeRole } from '../api';
import { ROLE_LABELS, ROLE_OPTIONS } from './team-roles';

export const nameOf = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

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

/** The members table: name and email (Owner, You), the role (a choice where editable), the status. */
export function memberColumns(
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

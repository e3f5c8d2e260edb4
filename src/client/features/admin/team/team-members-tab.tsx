import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, UserCogIcon, UsersIcon } from 'lucide-react';
import { TEAM_SORTS, teamListQuery, type TeamUser } from '@shared/contracts/team';
import { STAFF_ROLES } from '@shared/roles';
import { RoleBadge } from '@client/components/role-badge';
import { AddButton } from '@client/components/list/add-button';
import type { Column } from '@client/components/list/columns';
import { ListSection } from '@client/components/list/list-section';
import { RowActions } from '@client/components/list/row-actions';
import { useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { relativeTime } from '@client/lib/relative-time';
import { useNow } from '@client/lib/use-now';
import { teamUsersQuery } from './api';
import type { MemberActions } from './member-actions';
import { formatDate, memberNameOf, ROLE_LABELS } from './team-format';
import type { TeamAccess } from './use-team-access';
import { HeadedSection } from '@client/components/section-heading';

const ROLE_FILTER_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * The Team Members tab: every member of staff, searched, filtered by role, sorted and paged on the
 * server, with the state in the address (`members.` parameters).
 */
export function TeamMembersTab({ access, actions }: { access: TeamAccess; actions: MemberActions }) {
  const state = useListState({
    sorts: TEAM_SORTS,
    defaultSort: 'name',
    filters: { role: STAFF_ROLES },
    pageSize: 20,
    scope: 'members',
  });
  const list = useQuery(teamUsersQuery(teamListQuery.parse(state.query)));
  const now = useNow();
  const addButton = access.canManage ? <AddButton onClick={actions.create}>Create user</AddButton> : null;

  return (
    <HeadedSection id="team-members-heading" title="Team members" hiddenTitle className="space-y-4">
      <ListSection
        state={state}
        query={list}
        noun="team members"
        toolbar={{
          search: { label: 'Search team members', placeholder: 'Search name or email' },
          filters: [
            {
              name: 'role',
              label: 'Filter by role',
              allLabel: 'All roles',
              options: ROLE_FILTER_OPTIONS,
              className: 'sm:w-36',
            },
          ],
          children: addButton ? <div className="sm:ml-auto">{addButton}</div> : null,
        }}
        empty={{
          icon: UsersIcon,
          text: 'Staff who sign in to the back-office appear here.',
          action: addButton,
        }}
        label="Team members"
        columns={memberColumns(now, access.selfId)}
        rowProps={{ 'data-testid': 'team-member-row' }}
        actions={
          access.canManage
            ? (m) => {
                const isSelf = m.id === access.selfId;
                return (
                  <RowActions
                    name={memberNameOf(m)}
                    onEdit={() => actions.edit(m)}
                    onDelete={isSelf ? undefined : () => actions.remove(m)}
                    more={
                      isSelf
                        ? []
                        : [{ label: 'Change role', icon: UserCogIcon, onSelect: () => actions.changeRole(m) }]
                    }
                  />
                );
              }
            : undefined
        }
        pager={{ label: 'Team member pages', noun: ['member', 'members'] }}
      />
    </HeadedSection>
  );
}

function PasswordBadge() {
  return (
    <Badge variant="outline" className="border-warning/60 text-foreground" data-testid="password-not-set">
      <KeyRoundIcon aria-hidden="true" className="text-warning" />
      Password not set
    </Badge>
  );
}

function memberColumns(now: number, selfId: string | null): Column<TeamUser>[] {
  const lastSignIn = (m: TeamUser) =>
    m.lastLoginAt ? (
      <time dateTime={m.lastLoginAt} title={new Date(m.lastLoginAt).toLocaleString()}>
        {relativeTime(m.lastLoginAt, now)}
      </time>
    ) : (
      <span className="text-muted-foreground">Never</span>
    );
  return [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      cellClassName: 'min-w-0',
      cell: (m) => (
        <>
          <div className="flex flex-wrap items-center gap-x-2 font-medium">
            {memberNameOf(m)}
            {m.id === selfId ? (
              <span className="text-xs font-normal text-muted-foreground">(you)</span>
            ) : null}
          </div>
          <div className="break-all text-xs text-muted-foreground">{m.email}</div>
        </>
      ),
    },
    {
      key: 'role',
      label: 'Role',
      from: 'lg',
      cell: (m) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <RoleBadge role={m.role}>{ROLE_LABELS[m.role]}</RoleBadge>
          {m.isPasswordSet ? null : <PasswordBadge />}
        </span>
      ),
    },
    {
      key: 'phone',
      label: 'Phone',
      from: '4xl',
      cellClassName: 'whitespace-nowrap',
      cell: (m) => m.phone ?? <span className="text-muted-foreground">—</span>,
      narrow: (m) => m.phone,
    },
    {
      key: 'lastSignIn',
      label: 'Last sign-in',
      sort: 'lastLoginAt',
      newestFirst: true,
      from: '2xl',
      cellClassName: 'whitespace-nowrap',
      cell: lastSignIn,
      narrowLabel: 'Signed in:',
    },
    {
      key: 'created',
      label: 'Created',
      sort: 'createdAt',
      newestFirst: true,
      from: '3xl',
      cellClassName: 'whitespace-nowrap',
      cell: (m) => <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>,
      narrowLabel: true,
    },
  ];
}

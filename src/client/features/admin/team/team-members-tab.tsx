import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, UserCogIcon, UsersIcon } from 'lucide-react';
import { TEAM_SORTS, teamListQuery, type TeamUser } from '@shared/contracts/team';
import { STAFF_ROLES } from '@shared/roles';
import { RoleBadge } from '@client/components/role-badge';
import { AddButton } from '@client/components/list/add-button';
import { ListCell, ListHead, NarrowDetails, NarrowItem } from '@client/components/list/columns';
import { ListFilter } from '@client/components/list/filter-select';
import { ListBody } from '@client/components/list/list-body';
import { ListStatePager } from '@client/components/list/list-pager';
import { ListTable } from '@client/components/list/list-table';
import { ListToolbar } from '@client/components/list/list-toolbar';
import { RowActions } from '@client/components/list/row-actions';
import { SortHeader } from '@client/components/list/sort-header';
import { useKeepPageInRange, useListState } from '@client/components/list/use-list-state';
import { Badge } from '@client/components/ui/badge';
import { TableRow } from '@client/components/ui/table';
import { relativeTime } from '@client/lib/relative-time';
import { useNow } from '@client/lib/use-now';
import { teamUsersQuery } from './api';
import type { MemberActions } from './member-actions';
import { formatDate, memberNameOf, ROLE_LABELS } from './team-format';
import type { TeamAccess } from './use-team-access';

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
  useKeepPageInRange(state, list.data, list.isPlaceholderData);
  const now = useNow();
  const addButton = access.canManage ? <AddButton onClick={actions.create}>Create user</AddButton> : null;
  const sortProps = { sort: state.sort, onSort: state.setSort };

  return (
    <section aria-labelledby="team-members-heading" className="space-y-4">
      <h2 id="team-members-heading" className="sr-only">
        Team members
      </h2>
      <ListToolbar search={{ state, label: 'Search team members', placeholder: 'Search name or email' }}>
        <ListFilter
          state={state}
          name="role"
          label="Filter by role"
          allLabel="All roles"
          options={ROLE_FILTER_OPTIONS}
          className="sm:w-36"
        />
        {addButton ? <div className="sm:ml-auto">{addButton}</div> : null}
      </ListToolbar>
      <ListBody
        query={list}
        noun="team members"
        isFiltered={state.isFiltered}
        onClearFilters={state.clearFilters}
        empty={{
          icon: UsersIcon,
          title: 'No team members yet',
          text: 'Staff who sign in to the back-office appear here.',
          action: addButton,
        }}
      >
        {(page) => (
          <ListTable
            label="Team members"
            actions={access.canManage}
            head={
              <>
                <SortHeader field="name" label="Name" {...sortProps} />
                <ListHead from="lg">Role</ListHead>
                <ListHead from="4xl">Phone</ListHead>
                <SortHeader field="lastLoginAt" label="Last sign-in" newestFirst from="2xl" {...sortProps} />
                <SortHeader field="createdAt" label="Created" newestFirst from="3xl" {...sortProps} />
              </>
            }
          >
            {page.items.map((m) => (
              <MemberRow key={m.id} member={m} now={now} access={access} actions={actions} />
            ))}
          </ListTable>
        )}
      </ListBody>
      <ListStatePager state={state} query={list} label="Team member pages" noun={['member', 'members']} />
    </section>
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

function MemberRow({
  member: m,
  now,
  access,
  actions,
}: {
  member: TeamUser;
  now: number;
  access: TeamAccess;
  actions: MemberActions;
}) {
  const name = memberNameOf(m);
  const isSelf = m.id === access.selfId;
  const role = (
    <span className="flex flex-wrap items-center gap-1.5">
      <RoleBadge role={m.role}>{ROLE_LABELS[m.role]}</RoleBadge>
      {m.isPasswordSet ? null : <PasswordBadge />}
    </span>
  );
  const lastSignIn = m.lastLoginAt ? (
    <time dateTime={m.lastLoginAt} title={new Date(m.lastLoginAt).toLocaleString()}>
      {relativeTime(m.lastLoginAt, now)}
    </time>
  ) : (
    <span className="text-muted-foreground">Never</span>
  );
  const created = <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>;
  return (
    <TableRow data-testid="team-member-row">
      <ListCell className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 font-medium">
          {name}
          {isSelf ? <span className="text-xs font-normal text-muted-foreground">(you)</span> : null}
        </div>
        <div className="break-all text-xs text-muted-foreground">{m.email}</div>
        <NarrowDetails until="4xl">
          <NarrowItem until="lg">{role}</NarrowItem>
          {m.phone ? <NarrowItem until="4xl">{m.phone}</NarrowItem> : null}
          <NarrowItem until="2xl">Signed in: {lastSignIn}</NarrowItem>
          <NarrowItem until="3xl">Created {created}</NarrowItem>
        </NarrowDetails>
      </ListCell>
      <ListCell from="lg">{role}</ListCell>
      <ListCell from="4xl" className="whitespace-nowrap">
        {m.phone ?? <span className="text-muted-foreground">—</span>}
      </ListCell>
      <ListCell from="2xl" className="whitespace-nowrap">
        {lastSignIn}
      </ListCell>
      <ListCell from="3xl" className="whitespace-nowrap">
        {created}
      </ListCell>
      {access.canManage ? (
        <ListCell className="text-right whitespace-nowrap">
          <RowActions
            name={name}
            onEdit={() => actions.edit(m)}
            onDelete={isSelf ? undefined : () => actions.remove(m)}
            more={
              isSelf
                ? []
                : [{ label: 'Change role', icon: UserCogIcon, onSelect: () => actions.changeRole(m) }]
            }
          />
        </ListCell>
      ) : null}
    </TableRow>
  );
}

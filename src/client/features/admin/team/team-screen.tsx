import { LockIcon } from 'lucide-react';
import { ScreenHeader } from '@client/components/screen-header';
import { NeedsPermission } from '@client/components/needs-permission';
import { SubTabs } from '@client/components/sub-tabs';
import { useSubTab } from '@client/lib/use-sub-tab';
import { CommissionHistoryTab } from './commission-history-tab';
import { CommissionRatesTab } from './commission-rates-tab';
import { useMemberActions } from './member-actions';
import { TeamFigures } from './team-figures';
import { TeamMembersTab } from './team-members-tab';
import { useTeamAccess } from './use-team-access';

/** The three tabs, in order; Team Members is the default and has no `view`. */
const TEAM_VIEWS = ['members', 'rates', 'history'] as const;
type TeamView = (typeof TEAM_VIEWS)[number];
const VIEW_LABELS: Record<TeamView, string> = {
  members: 'Team Members',
  rates: 'Commission Rates',
  history: 'Commission History',
};

/**
 * Team Management (tab `users`, docs/team-management-screen.md): the four summary cards, then team members,
 * commission rates and commission history. Viewing needs `canViewTeamManagement`; every change needs
 * `canManageUsers`, and its buttons show only to those who hold it (the server checks both).
 */
export default function TeamScreen() {
  const access = useTeamAccess();
  const [view, setView] = useSubTab(TEAM_VIEWS);
  const { actions, dialogs } = useMemberActions(access);

  return (
    <NeedsPermission flag="canViewTeamManagement" label="Loading team management">
      <div className="space-y-6">
        <ScreenHeader
          title="User Management"
          description="The staff who use the back-office, their roles and permissions, and the sales team’s commissions."
        />
        {access.canManage ? null : (
          <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
            <LockIcon className="size-4 shrink-0" aria-hidden="true" />
            View only. Creating, editing and deleting users, rates and payouts needs the Manage users
            permission.
          </p>
        )}

        <TeamFigures />

        <SubTabs
          views={TEAM_VIEWS}
          labels={VIEW_LABELS}
          value={view}
          onChange={setView}
          label="Team Management sections"
        >
          {view === 'members' ? (
            <TeamMembersTab access={access} actions={actions} />
          ) : view === 'rates' ? (
            <CommissionRatesTab access={access} onCreateUser={actions.create} />
          ) : (
            <CommissionHistoryTab access={access} />
          )}
        </SubTabs>
        {dialogs}
      </div>
    </NeedsPermission>
  );
}

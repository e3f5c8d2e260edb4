import { LockIcon } from 'lucide-react';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { NeedsPermission } from '@client/components/needs-permission';
import { CommissionHistoryTab } from './commission-history-tab';
import { CommissionRatesTab } from './commission-rates-tab';
import { useMemberActions } from './member-actions';
import { TeamFigures } from './team-figures';
import { TeamMembersTab } from './team-members-tab';
import { useTeamAccess } from './use-team-access';

/** The three tabs, in order; Team Members is the default and has no `view`. */
const VIEW_LABELS = {
  members: 'Team Members',
  rates: 'Commission Rates',
  history: 'Commission History',
} as const;

/**
 * Team Management (tab `users`, docs/team-management-screen.md): the four summary cards, then team members,
 * commission rates and commission history. Viewing needs `canViewTeamManagement`; every change needs
 * `canManageUsers`, and its buttons show only to those who hold it (the server checks both).
 */
export default function TeamScreen() {
  const access = useTeamAccess();
  const { actions, dialogs } = useMemberActions(access);

  return (
    <NeedsPermission flag="canViewTeamManagement" label="Loading team management">
      <ScreenFrame
        title="User Management"
        description="The staff who use the back-office, their roles and permissions, and the sales team’s commissions."
      >
        {access.canManage ? null : (
          <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
            <LockIcon className="size-4 shrink-0" aria-hidden="true" />
            View only. Creating, editing and deleting users, rates and payouts needs the Manage users
            permission.
          </p>
        )}

        <TeamFigures />

        <ScreenSections sections={VIEW_LABELS} label="Team Management sections">
          {(view) =>
            view === 'members' ? (
              <TeamMembersTab access={access} actions={actions} />
            ) : view === 'rates' ? (
              <CommissionRatesTab access={access} onCreateUser={actions.create} />
            ) : (
              <CommissionHistoryTab access={access} />
            )
          }
        </ScreenSections>
        {dialogs}
      </ScreenFrame>
    </NeedsPermission>
  );
}

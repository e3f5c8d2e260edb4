import { useState, type RefObject } from 'react';
import { ActivityIcon, KeyRoundIcon, SlidersHorizontalIcon, UserRoundIcon } from 'lucide-react';
import { DialogFrame } from '@client/components/dialog-frame';
import type { DialogOpenProps } from '@client/components/dialog-open';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useStaffAuth } from '@client/lib/staff-auth';
import { ActivityTab } from './activity-tab';
import { PreferencesTab } from './preferences-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const TABS = [
  { id: 'profile', label: 'Profile', icon: UserRoundIcon },
  { id: 'security', label: 'Security', icon: KeyRoundIcon },
  { id: 'preferences', label: 'Preferences', icon: SlidersHorizontalIcon },
  { id: 'activity', label: 'Activity', icon: ActivityIcon },
] as const;
type ProfileTabId = (typeof TABS)[number]['id'];

/**
 * The user profile dialog (docs/staff-profile.md), opened from the header's name; its own lazy chunk. Each tab
 * mounts only while it is shown, so the sessions and the activity are asked for only then.
 */
export default function ProfileDialog({
  returnFocusTo,
  ...dialog
}: DialogOpenProps & { returnFocusTo: RefObject<HTMLElement | null> }) {
  const { user } = useStaffAuth();
  const [tab, setTab] = useState<ProfileTabId>('profile');
  if (!user) return null;
  return (
    <DialogFrame
      {...dialog}
      title="User Profile"
      description="Your details, password, preferences and recent activity."
      width="2xl"
      returnFocusTo={returnFocusTo}
    >
      <Tabs value={tab} onValueChange={(value) => setTab(value as ProfileTabId)} className="min-w-0">
        <TabsList aria-label="Profile sections">
          {TABS.map(({ id, label, icon: Icon }) => (
            <TabsTrigger key={id} value={id}>
              <Icon aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab user={user} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="preferences">
          <PreferencesTab preferences={user.preferences} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab />
        </TabsContent>
      </Tabs>
    </DialogFrame>
  );
}

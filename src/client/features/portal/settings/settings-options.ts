import { BellIcon, ShieldIcon, TruckIcon, type LucideIcon } from 'lucide-react';
import type { CustomerSettings } from '@shared/contracts/portal';

/*
 * What the Settings tab offers, setting by setting (values from the contract's `customerSettings`): each
 * switch's and choice's texts, and which section shows which settings in which order.
 */

type Settings = CustomerSettings;
/*
 * Only settings that change something are offered (issue 9, issue 24). The contract keeps the others
 * (push notifications, marketing emails: the product sends neither; default view, export format, data
 * retention, auto-export reports) so stored values
 * survive, but nothing reads them yet, so they are not on screen (docs/decisions/0005-customer-side-small-things.md).
 */
/** The yes/no settings offered, shown as switches. */
export type SwitchName = 'emailNotifications' | 'securityAlerts' | 'autoRefresh';
/** The settings with a few fixed values offered, shown as selects. */
export type ChoiceName = 'sessionTimeout' | 'refreshInterval' | 'distanceUnit';

export const SWITCHES: Record<SwitchName, { label: string; description: string }> = {
  // What each switch stops is decided on the server (docs/email.md "Who gets what").
  emailNotifications: {
    label: 'Account emails',
    description:
      'Welcome, setup guide and feature tips, trial reminders, payment receipts, failed payments and account suspension.',
  },
  securityAlerts: {
    label: 'Security alerts',
    description: 'An email when your account is signed in to from a browser or address not seen before.',
  },
  autoRefresh: {
    label: 'Auto refresh',
    description: "Reload the fleet app's figures and lists on their own while it is open.",
  },
};

export const CHOICES: {
  [K in ChoiceName]: {
    label: string;
    description?: string;
    options: readonly { value: Settings[K]; label: string }[];
  };
} = {
  sessionTimeout: {
    label: 'Session timeout',
    description: 'Sign out after this long without activity.',
    options: [
      { value: '30minutes', label: '30 minutes' },
      { value: '1hour', label: '1 hour' },
      { value: '2hours', label: '2 hours' },
      { value: '4hours', label: '4 hours' },
    ],
  },
  refreshInterval: {
    label: 'Refresh interval',
    options: [
      { value: '30seconds', label: 'Every 30 seconds' },
      { value: '1minute', label: 'Every minute' },
      { value: '5minutes', label: 'Every 5 minutes' },
      { value: 'manual', label: 'Manual only' },
    ],
  },
  distanceUnit: {
    label: 'Distance unit',
    options: [
      { value: 'miles', label: 'Miles' },
      { value: 'kilometers', label: 'Kilometers' },
    ],
  },
};

export function isSwitch(name: SwitchName | ChoiceName): name is SwitchName {
  return name in SWITCHES;
}

export type SettingsGroupSpec = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Its settings, in the order shown. */
  settings: readonly (SwitchName | ChoiceName)[];
  /** What no setting of the section changes, said above them. */
  note?: string;
};

export const SETTINGS_GROUPS = {
  // The emails the product sends, and nothing else: no push, SMS or marketing messages exist to turn off.
  notifications: {
    icon: BellIcon,
    title: 'Notification preferences',
    description: 'Choose which emails we send you.',
    settings: ['emailNotifications', 'securityAlerts'],
    note: 'Always sent, whatever these switches say: password resets and password changes, team invitations, payment links and requests sent to you, and replies to your support tickets.',
  },
  // No "Default view": the vehicles screen has one view (a table) and no map, so there
  // is nothing to choose between (docs/decisions/0005-customer-side-small-things.md).
  fleet: {
    icon: TruckIcon,
    title: 'Fleet preferences',
    description: 'How the fleet dashboard shows your vehicles.',
    settings: ['autoRefresh', 'refreshInterval', 'distanceUnit'],
  },
  security: {
    icon: ShieldIcon,
    title: 'Security & privacy',
    description: 'How long you stay signed in. Your password is changed from the Security Center above.',
    settings: ['sessionTimeout'],
  },
} satisfies Record<string, SettingsGroupSpec>;

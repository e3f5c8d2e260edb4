import { MailTransportNotice } from '@client/components/mail-transport-notice';
import { SubTabs } from '@client/components/sub-tabs';
import { ScreenHeader } from '@client/components/screen-header';
import { useSubTab } from '@client/lib/use-sub-tab';
import { AnalyticsTab } from './analytics-tab';
import { AutomationTab } from './automation-tab';
import { OutboxTab } from './outbox-tab';
import { TemplatesTab } from './templates-tab';

const VIEWS = ['templates', 'automation', 'analytics', 'outbox'] as const;
type View = (typeof VIEWS)[number];
const LABELS: Record<View, string> = {
  templates: 'Email Templates',
  automation: 'Automation Rules',
  analytics: 'Email Analytics',
  outbox: 'Outbox',
};

/**
 * Email Settings (tab `emails` and `/admin/email-settings`; docs/email.md): the templates
 * customers receive, the automation rules that send them, what went out, and the outbox itself.
 */
export default function EmailScreen() {
  const [view, setView] = useSubTab(VIEWS);
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="Email Settings"
        description="The emails customers and staff receive, when they go, and every message sent or waiting."
      />
      <MailTransportNotice />
      <SubTabs
        views={VIEWS}
        labels={LABELS}
        value={view}
        onChange={setView}
        label="Email Settings sections"
        contentClassName="pt-4"
      >
        {view === 'templates' ? (
          <TemplatesTab />
        ) : view === 'automation' ? (
          <AutomationTab />
        ) : view === 'analytics' ? (
          <AnalyticsTab />
        ) : (
          <OutboxTab />
        )}
      </SubTabs>
    </div>
  );
}

import { createElement } from 'react';
import { MailTransportNotice } from '@client/components/mail-transport-notice';
import { ScreenFrame } from '@client/components/screen-frame';
import { ScreenSections } from '@client/components/screen-sections';
import { AnalyticsTab } from './analytics-tab';
import { AutomationTab } from './automation-tab';
import { OutboxTab } from './outbox-tab';
import { TemplatesTab } from './templates-tab';

const SECTIONS = {
  templates: 'Email Templates',
  automation: 'Automation Rules',
  analytics: 'Email Analytics',
  outbox: 'Outbox',
} as const;

const VIEW_TABS = {
  templates: TemplatesTab,
  automation: AutomationTab,
  analytics: AnalyticsTab,
  outbox: OutboxTab,
};

/**
 * Email Settings (tab `emails` and `/admin/email-settings`; docs/email.md): the templates
 * customers receive, the automation rules that send them, what went out, and the outbox itself.
 */
export default function EmailScreen() {
  return (
    <ScreenFrame
      title="Email Settings"
      description="The emails customers and staff receive, when they go, and every message sent or waiting."
    >
      <MailTransportNotice />
      <ScreenSections sections={SECTIONS} label="Email Settings sections" contentClassName="pt-4">
        {(view) => createElement(VIEW_TABS[view])}
      </ScreenSections>
    </ScreenFrame>
  );
}

import { BarChart3Icon, LifeBuoyIcon } from 'lucide-react';
import { ScreenFrame } from '@client/components/screen-frame';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useSubTab } from '@client/lib/use-sub-tab';
import { AnalyticsTab } from './analytics-tab';
import { TicketsTab } from './tickets-tab';

const VIEWS = ['tickets', 'analytics'] as const;

/**
 * Support Center (tab `support`; docs/support.md): the customers' real
 * tickets, triaged and answered here, and figures from them. There is no settings tab: there is
 * nothing to set.
 */
export default function SupportScreen() {
  const [view, setView] = useSubTab(VIEWS);
  return (
    <ScreenFrame
      title="Support Center"
      description="Tickets customers open from their portal: assign, triage, reply and add internal notes."
    >
      <Tabs value={view} onValueChange={(v) => setView(v as (typeof VIEWS)[number])} className="gap-4">
        <TabsList aria-label="Support sections">
          <TabsTrigger value="tickets">
            <LifeBuoyIcon aria-hidden="true" />
            Tickets
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3Icon aria-hidden="true" />
            Analytics
          </TabsTrigger>
        </TabsList>
        <TabsContent value="tickets">
          <TicketsTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </ScreenFrame>
  );
}

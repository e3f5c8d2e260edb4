import { BarChart3Icon, LifeBuoyIcon } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useSubTab } from '@client/lib/use-sub-tab';
import { AnalyticsTab } from './analytics-tab';
import { TicketsTab } from './tickets-tab';

const VIEWS = ['tickets', 'analytics'] as const;

/**
 * Support Center (tab `support`, spec 3 §2 Support Management; docs/support.md): the customers' real
 * tickets, triaged and answered here, and figures from them. The spec's "settings (coming soon)" tab is
 * left out: there is nothing to set.
 */
export default function SupportScreen() {
  const [view, setView] = useSubTab(VIEWS);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Support Center</h1>
        <p className="text-sm text-muted-foreground">
          Tickets customers open from their portal: assign, triage, reply and add internal notes.
        </p>
      </div>
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
    </div>
  );
}

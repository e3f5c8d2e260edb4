import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';

export type SubTabsProps<V extends string> = {
  /** The sub-tabs in order (the same list `useSubTab` takes). */
  views: readonly V[];
  /** Each sub-tab's name on its trigger (a count may follow it, as System Health's alerts). */
  labels: Record<V, ReactNode>;
  /** The selected one and how to change it: `useSubTab(views)`. */
  value: V;
  onChange: (view: V) => void;
  /** The strip's accessible name, e.g. "CRM Integration sections". */
  label: string;
  /** The selected sub-tab's content. */
  children: ReactNode;
  contentClassName?: string;
};

/**
 * A staff screen's sub-tabs: the strip of triggers and the selected one's content, with the choice kept
 * in the address by `useSubTab`. Every screen with sections uses this, so they look and behave alike.
 */
export function SubTabs<V extends string>({
  views,
  labels,
  value,
  onChange,
  label,
  children,
  contentClassName,
}: SubTabsProps<V>) {
  return (
    <Tabs value={value} onValueChange={(v) => onChange(v as V)}>
      <TabsList aria-label={label}>
        {views.map((v) => (
          <TabsTrigger key={v} value={v}>
            {labels[v]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={value} className={contentClassName}>
        {children}
      </TabsContent>
    </Tabs>
  );
}

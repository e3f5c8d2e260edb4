import type { ReactNode } from 'react';
import { SubTabs } from '@client/components/sub-tabs';
import { useSubTab } from '@client/lib/use-sub-tab';

/** A screen's sub-tabs as one table: each view's key, in order, and its name on the trigger. */
export type Sections<V extends string> = Readonly<Record<V, ReactNode>>;

/**
 * A staff screen's sub-tabs written once: the views in the order `sections` lists them (the first is
 * the default), the choice kept in the address by `useSubTab`, and the selected one's content from
 * `children(view)`.
 */
export function ScreenSections<V extends string>({
  sections,
  children,
  ...strip
}: {
  sections: Sections<V>;
  /** The strip's accessible name, e.g. "CRM Integration sections". */
  label: string;
  contentClassName?: string;
  children: (view: V) => ReactNode;
}) {
  const views = Object.keys(sections) as [V, ...V[]];
  const [view, setView] = useSubTab(views);
  return (
    <SubTabs {...strip} views={views} labels={sections} value={view} onChange={setView}>
      {children(view)}
    </SubTabs>
  );
}

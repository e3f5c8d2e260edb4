import { Tabs as TabsPrimitive } from 'radix-ui';
import { styled } from './styled';

export const Tabs = TabsPrimitive.Root;

/**
 * The tab strip wraps onto a second line when its tabs do not fit (a phone), so every tab, and the
 * selected one, is always in view: nothing scrolls sideways out of sight.
 */
export const TabsList = styled(
  TabsPrimitive.List,
  'tabs-list',
  'inline-flex min-h-9 w-fit max-w-full flex-wrap items-center justify-start gap-1 rounded-lg bg-muted p-1 text-muted-foreground',
);

export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  'tabs-trigger',
  'inline-flex h-7 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4 [&_svg]:shrink-0',
);

export const TabsContent = styled(
  TabsPrimitive.Content,
  'tabs-content',
  'mt-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
);

import { createContext, useContext, type ComponentProps } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { floating } from './floating';
import { styled } from './styled';

/** Tooltips open after 700 ms; moving between tooltips within 300 ms skips the delay. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

const InsideProvider = createContext(false);

/**
 * Shares the open delay (and the skip delay) between the tooltips below it. A screen with several
 * tooltips mounts one (the plans manager); a `Tooltip` outside any provider brings its own with the same
 * delays. Neither main.tsx nor the admin shell mounts one: Radix Tooltip (about 3.5 kB gzip, with the
 * positioning engine about 10 kB more) would join every first load for tooltips only some screens show.
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY,
  skipDelayDuration = TOOLTIP_SKIP_DELAY,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <InsideProvider.Provider value={true}>
      <TooltipPrimitive.Provider
        delayDuration={delayDuration}
        skipDelayDuration={skipDelayDuration}
        {...props}
      />
    </InsideProvider.Provider>
  );
}

export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const inside = useContext(InsideProvider);
  const root = <TooltipPrimitive.Root data-slot="tooltip" {...props} />;
  return inside ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export const TooltipContent = floating(
  TooltipPrimitive.Portal,
  styled(
    TooltipPrimitive.Content,
    'tooltip-content',
    'z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
  ),
);

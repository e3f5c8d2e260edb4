import type { ComponentType, ReactNode } from 'react';

/**
 * Content that floats by its trigger (a menu, a tooltip): rendered in its portal, so that no overflow or
 * stacking context of the page clips it, and 4 px off the trigger unless the caller says otherwise.
 */
export function floating<P extends { sideOffset?: number }>(
  Portal: ComponentType<{ children: ReactNode }>,
  Content: ComponentType<P>,
) {
  return function Floating({ sideOffset = 4, ...props }: P) {
    return (
      <Portal>
        <Content {...(props as P)} sideOffset={sideOffset} />
      </Portal>
    );
  };
}

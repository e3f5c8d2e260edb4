import type { ComponentProps, ElementType } from 'react';
import { cn } from '@client/lib/cn';

/**
 * A kit part that is only a styled element, the shadcn wrapper without its boilerplate: `slot` names it in
 * `data-slot` (null: no data-slot), `baseClass` styles it, and a caller's `className` is merged after it with
 * `cn` so the caller wins a conflict. Every other prop, `ref` included (React 19), goes through after these,
 * so a caller can still override `data-slot`. Parts that add children or defaults wrap the styled element.
 */
export function styled<T extends ElementType>(Component: T, slot: string | null, baseClass: string) {
  const Element: ElementType = Component;
  return function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return <Element data-slot={slot ?? undefined} className={cn(baseClass, className)} {...props} />;
  };
}

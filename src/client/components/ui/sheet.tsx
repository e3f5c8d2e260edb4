import type { ComponentProps } from 'react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { CornerClose, descriptionClass, overlayClass, titleClass } from './dialog-parts';
import { styled } from './styled';

/** A side panel built on Dialog (mobile slide-in menus, detail panels). */
export {
  Dialog as Sheet,
  DialogTrigger as SheetTrigger,
  DialogClose as SheetClose,
  DialogPortal as SheetPortal,
} from './dialog';

export const SheetOverlay = styled(SheetPrimitive.Overlay, 'sheet-overlay', overlayClass);

const Content = styled(
  SheetPrimitive.Content,
  'sheet-content',
  'fixed inset-y-0 z-50 flex h-full w-3/4 max-w-sm flex-col gap-4 overflow-y-auto bg-background p-6 text-foreground shadow-lg outline-none',
);

const sideClass = {
  right:
    'right-0 border-l data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right',
  left: 'left-0 border-r data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left',
};

export type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> & {
  side?: 'left' | 'right';
  showCloseButton?: boolean;
};

export function SheetContent({
  className,
  children,
  side = 'right',
  showCloseButton = true,
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <Content className={cn(sideClass[side], className)} {...props}>
        {children}
        {showCloseButton && <CornerClose />}
      </Content>
    </SheetPrimitive.Portal>
  );
}

export const SheetHeader = styled('div', 'sheet-header', 'flex flex-col gap-1.5 pr-6');
export const SheetFooter = styled('div', 'sheet-footer', 'mt-auto flex flex-col gap-2');
export const SheetTitle = styled(SheetPrimitive.Title, 'sheet-title', titleClass);
export const SheetDescription = styled(SheetPrimitive.Description, 'sheet-description', descriptionClass);

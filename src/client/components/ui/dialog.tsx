import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  centredPanelClass,
  CornerClose,
  descriptionClass,
  footerClass,
  overlayClass,
  titleClass,
} from './dialog-parts';
import { styled } from './styled';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export const DialogOverlay = styled(DialogPrimitive.Overlay, 'dialog-overlay', overlayClass);

const Content = styled(
  DialogPrimitive.Content,
  'dialog-content',
  `${centredPanelClass} max-h-[calc(100dvh-2rem)] overflow-y-auto`,
);

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Show the X close button in the corner (default true). */
  showCloseButton?: boolean;
};

export function DialogContent({ children, showCloseButton = true, ...props }: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <Content {...props}>
        {children}
        {showCloseButton && <CornerClose className="disabled:pointer-events-none" />}
      </Content>
    </DialogPortal>
  );
}

export const DialogHeader = styled('div', 'dialog-header', 'flex flex-col gap-1.5 pr-6 text-left');
export const DialogFooter = styled('div', 'dialog-footer', footerClass);
export const DialogTitle = styled(DialogPrimitive.Title, 'dialog-title', `${titleClass} leading-tight`);
export const DialogDescription = styled(DialogPrimitive.Description, 'dialog-description', descriptionClass);

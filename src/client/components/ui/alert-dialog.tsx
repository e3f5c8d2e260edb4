import type { ComponentProps } from 'react';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { VariantProps } from 'class-variance-authority';
import { cn } from '@client/lib/cn';
import { buttonVariants } from './button';
import { centredPanelClass, descriptionClass, footerClass, overlayClass, titleClass } from './dialog-parts';
import { styled } from './styled';

/** Confirmation for destructive actions: focus starts on Cancel, Escape cancels. */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export const AlertDialogOverlay = styled(AlertDialogPrimitive.Overlay, 'alert-dialog-overlay', overlayClass);

const Content = styled(AlertDialogPrimitive.Content, 'alert-dialog-content', centredPanelClass);

export function AlertDialogContent(props: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <Content {...props} />
    </AlertDialogPortal>
  );
}

export const AlertDialogHeader = styled('div', 'alert-dialog-header', 'flex flex-col gap-2 text-left');
export const AlertDialogFooter = styled('div', 'alert-dialog-footer', footerClass);
export const AlertDialogTitle = styled(AlertDialogPrimitive.Title, 'alert-dialog-title', titleClass);
export const AlertDialogDescription = styled(
  AlertDialogPrimitive.Description,
  'alert-dialog-description',
  descriptionClass,
);

/** The confirming button; `variant="destructive"` for irreversible actions. */
export function AlertDialogAction({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> &
  Pick<VariantProps<typeof buttonVariants>, 'variant'>) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export const AlertDialogCancel = styled(
  AlertDialogPrimitive.Cancel,
  null,
  buttonVariants({ variant: 'outline' }),
);

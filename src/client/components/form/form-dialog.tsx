import type { DialogOpenProps } from '@client/components/dialog-open';
import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { cn } from '@client/lib/cn';
import { SchemaFormElement } from '@client/components/form/schema-form-element';
import { BusyIcon } from '@client/components/busy-icon';

/** A submit button that shows it is working and cannot be pressed twice. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
  variant,
  disabled = false,
  size,
}: {
  pending: boolean;
  /** What the button reads while the form is being sent (e.g. sign-up's 'Creating Account...'). */
  pendingLabel?: ReactNode;
  children: ReactNode;
  className?: string;
  variant?: 'default' | 'destructive';
  /** Not ready to send yet (a required box empty), apart from being busy. */
  disabled?: boolean;
  size?: 'default' | 'sm';
}) {
  return (
    <Button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending}
      className={className}
      variant={variant}
      size={size}
    >
      <BusyIcon busy={pending} />
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}

const WIDTHS = { md: 'sm:max-w-md', lg: 'sm:max-w-lg', xl: 'sm:max-w-xl', '2xl': 'sm:max-w-2xl' } as const;

/**
 * The one dialog around a form: title, description, the fields, Cancel and the submit button. It is busy
 * while its `onSubmit` runs (a schema form's handler settles once the server has answered), and cannot
 * be closed then, so a failure is seen where it happened. A `result` takes the form's place once the
 * form has done its job (what the server answered, shown once). A dialog passes its own open state on
 * whole: `<FormDialog {...dialog} title=… submitLabel=… onSubmit={onSubmit}>`.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  onSubmit,
  width = 'lg',
  children,
  footer,
  submitDisabled,
  result,
}: DialogOpenProps & {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** The submit button's text while the form is being sent; `submitLabel` when not given. */
  pendingLabel?: string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
  /** Extra content at the start of the footer (a secondary action). */
  footer?: ReactNode;
  /** The submit button cannot be pressed yet (the form is not complete). */
  submitDisabled?: boolean;
  /** Shown in place of the title, form and buttons: its own header and way out. */
  result?: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const submit = async (event?: BaseSyntheticEvent) => {
    setPending(true);
    try {
      await onSubmit(event);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className={cn(WIDTHS[width])}>
        {result ?? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              {description ? <DialogDescription>{description}</DialogDescription> : null}
            </DialogHeader>
            <SchemaFormElement onSubmit={submit} aria-label={title}>
              {children}
              <DialogFooter>
                {footer}
                <DialogClose asChild>
                  <Button variant="outline" disabled={pending}>
                    Cancel
                  </Button>
                </DialogClose>
                <SubmitButton pending={pending} pendingLabel={pendingLabel} disabled={submitDisabled}>
                  {submitLabel}
                </SubmitButton>
              </DialogFooter>
            </SchemaFormElement>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

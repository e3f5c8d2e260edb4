import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@client/lib/cn';
import { Label } from './label';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

export type FieldProps = {
  label: ReactNode;
  /** A single control element (Input, Textarea, SelectTrigger, Checkbox ...); it gets id and aria wiring. */
  children: ReactElement<ControlProps>;
  /** The error text; sets aria-invalid on the control and is announced. */
  error?: ReactNode;
  /** A hint shown below the control. */
  description?: ReactNode;
  /** The control's id (default: generated). */
  id?: string;
  required?: boolean;
  className?: string;
};

/**
 * Label + control + hint + error message. Wires `id`/`htmlFor`, `aria-invalid` and `aria-describedby`
 * onto the child control.
 */
export function Field({ label, children, error, description, id, required, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? children.props.id ?? `field-${generated}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'], descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })
    : children;

  return (
    <div data-slot="field" className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span className="text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {control}
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
